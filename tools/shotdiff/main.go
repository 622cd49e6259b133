// Command shotdiff renders the screenshot lists of two commits and says which pictures changed
// and by how much, so that "nothing a player sees changes except what was wrong" can be checked
// picture by picture rather than by eye on a few.
//
//	shotdiff render -out DIR REV          render REV's shot lists into DIR/TEST/NAME.png
//	shotdiff compare -out DIR BEFORE AFTER compare two renders: DIR/report.md, DIR/diff/*.png
//	shotdiff run -out DIR REV1 REV2        both renders (DIR/before, DIR/after), then compare
//
// The shot lists are the screens-tagged tests that write pictures into $SIG_SHOTS (TestScreens,
// TestScreensContinue, TestScreensSaves in package scenes; TestLangShots, TestBoardShots,
// TestElOuedShots in scenes/boards): render checks REV out into a temporary worktree, builds
// each package's test binary once, and runs each shot test in its own process (each calls
// ebiten.RunGame) with $SIG_SHOTS set to a folder of its own. It needs a display: run it under
// Xvfb (DISPLAY=:N). See README.md beside this file.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "render":
		err = renderCmd(args)
	case "compare":
		err = compareCmd(args)
	case "run":
		err = runCmd(args)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "shotdiff:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprint(os.Stderr, `usage:
  shotdiff render [-tests REGEX] [-shots GROUPS] [-timeout D] -out DIR REV
  shotdiff compare [-tolerance N] -out DIR BEFORE AFTER
  shotdiff run [-tests REGEX] [-shots GROUPS] [-timeout D] [-tolerance N] -out DIR REV1 REV2
`)
	os.Exit(2)
}

// testsFlag is the pattern naming the shot tests in the screens-tagged test binaries.
const testsDefault = `^Test(Screens[A-Za-z]*|[A-Za-z]*Shots)$`

// renderFlags are the flags render and run share.
type renderFlags struct {
	tests   *string
	shots   *string
	timeout *string
}

func addRenderFlags(fs *flag.FlagSet) renderFlags {
	return renderFlags{
		tests: fs.String("tests", testsDefault, "the shot tests to run (a -test.list pattern)"),
		shots: fs.String("shots", "", "run each test in pieces: groups of shots separated by spaces, each "+
			"passed as $SIG_SHOT to a process of its own (for TestScreens a comma-separated list of names)"),
		timeout: fs.String("timeout", "60m", "each test process's -test.timeout (0: none)"),
	}
}

func (f renderFlags) options() renderOptions {
	return renderOptions{tests: *f.tests, groups: strings.Fields(*f.shots), timeout: *f.timeout}
}

func renderCmd(args []string) error {
	fs := flag.NewFlagSet("render", flag.ExitOnError)
	out := fs.String("out", "", "the folder to render into")
	rf := addRenderFlags(fs)
	fs.Parse(args)
	if *out == "" || fs.NArg() != 1 {
		usage()
	}
	return render(fs.Arg(0), *out, rf.options())
}

func compareCmd(args []string) error {
	fs := flag.NewFlagSet("compare", flag.ExitOnError)
	out := fs.String("out", "", "the folder for the report and the diff pictures")
	tol := fs.Int("tolerance", 0, "a pixel counts as changed when a channel differs by more than this (0..255)")
	fs.Parse(args)
	if *out == "" || fs.NArg() != 2 {
		usage()
	}
	return compareDirs(fs.Arg(0), fs.Arg(1), *out, *tol)
}

func runCmd(args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	out := fs.String("out", "", "the folder for both renders, the report and the diff pictures")
	rf := addRenderFlags(fs)
	tol := fs.Int("tolerance", 0, "a pixel counts as changed when a channel differs by more than this (0..255)")
	fs.Parse(args)
	if *out == "" || fs.NArg() != 2 {
		usage()
	}
	before, after := *out+"/before", *out+"/after"
	if err := render(fs.Arg(0), before, rf.options()); err != nil {
		return err
	}
	if err := render(fs.Arg(1), after, rf.options()); err != nil {
		return err
	}
	return compareDirs(before, after, *out, *tol)
}
