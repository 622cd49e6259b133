package mdlinks

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestRepositoryLinks checks the links of README.md, BENCHMARKS.md and every Markdown file
// under docs/: each relative link leads to a file or folder of the repository, and each anchor
// to a heading.
func TestRepositoryLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	files := []string{filepath.Join(root, "README.md"), filepath.Join(root, "BENCHMARKS.md")}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	links := 0
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		links += len(Links(string(text)))
	}
	if len(files) < 5 || links < 20 {
		t.Fatalf("found %d Markdown files and %d links: the walk missed README.md or docs/", len(files), links)
	}
	for _, b := range Check(files) {
		t.Errorf("a link that leads nowhere: %s", b)
	}
}

// TestCatchesBrokenLinks plants broken links (a missing file, a missing anchor in another
// file and in the same one, an absolute path) among good ones in a folder of its own, and
// expects exactly the broken ones back.
func TestCatchesBrokenLinks(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/notes.md", "# Notes\n\n## The match server (`cmd/sigserver`)\n\n## Frame rates, desktop and browser\n\n## Frame rates, desktop and browser\n")
	write("docs/pictures/a.png", "png")
	write("README.md", strings.Join([]string{
		"# Sig",
		"[notes](docs/notes.md) and [a heading](docs/notes.md#the-match-server-cmdsigserver)",   // good
		"![a picture](docs/pictures/a.png) [the folder](docs/pictures/)",                        // good
		"[again](docs/notes.md#frame-rates-desktop-and-browser-1) [web](https://example.org/x)", // good
		"[here](#sig) `[not a link](nowhere.md)`",                                               // good
		"[gone](docs/gone.md)",                        // line 6: no such file
		"[no anchor](docs/notes.md#the-match-server)", // line 7: no such heading
		"[nor here](#nowhere)",                        // line 8: no such heading here
		"[absolute](/docs/notes.md)",                  // line 9: absolute
		"```",
		"[in a fence](fenced.md)",
		"```",
		"[ref]: docs/missing.png", // line 13: no such file
	}, "\n"))
	got := Check([]string{filepath.Join(dir, "README.md")})
	var lines []int
	for _, b := range got {
		lines = append(lines, b.Line)
	}
	if want := []int{6, 7, 8, 9, 13}; !reflect.DeepEqual(lines, want) {
		t.Fatalf("broken links reported on lines %v, want %v:\n%v", lines, want, got)
	}
}

func TestSlug(t *testing.T) {
	for heading, want := range map[string]string{
		"The match server (`cmd/sigserver`, issue 16)": "the-match-server-cmdsigserver-issue-16",
		"Frame rates, desktop and browser":             "frame-rates-desktop-and-browser",
		"Es-Sîg":                                       "es-sîg",
		"Sig (El Oued Capture)":                        "sig-el-oued-capture",
	} {
		if got := Slug(heading); got != want {
			t.Errorf("Slug(%q) = %q, want %q", heading, got, want)
		}
	}
}
