package scenecheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sig/rules/games"
)

// roots are the trees checked, from this package's folder.
var roots = []string{"../../scenes", "../../sprites"}

// throwWords are names that hold a throw or what it is worth: comparing one with a number is a
// throw rule (a sig, a big throw of 7 or 13, six polished).
var throwWords = regexp.MustCompile(`(?i)value|throw|big|polished|sig\b|sticks`)

func TestNoGameKnowledgeOutsideTheRules(t *testing.T) {
	ids := map[string]bool{}
	for _, id := range games.IDs() {
		ids[id] = true
	}
	files := 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			files++
			for _, p := range problems(t, path, ids) {
				t.Error(p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 50 {
		t.Fatalf("read only %d source files under %v: the roots moved?", files, roots)
	}
}

// problems lists what file path knows of the games that only the rules should.
func problems(t *testing.T, path string, ids map[string]bool) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []string
	say := func(n ast.Node, format string, args ...any) {
		p := fset.Position(n.Pos())
		out = append(out, p.Filename+":"+strconv.Itoa(p.Line)+": "+fmt.Sprintf(format, args...))
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if s, err := strconv.Unquote(n.Value); err == nil && ids[s] {
					say(n, "the game id %s written out: ask the registry (rules/games) or the game's Info", n.Value)
				}
			}
		case *ast.BinaryExpr:
			if n.Op != token.EQL && n.Op != token.NEQ {
				return true
			}
			for _, side := range []ast.Expr{n.X, n.Y} {
				if isInfoID(side) {
					say(n, "a game id compared (%s): a rule that escaped the rules", exprString(side))
				}
			}
			if num, other := intLit(n.X), n.Y; num >= 0 || intLit(n.Y) >= 0 {
				if num < 0 {
					num, other = intLit(n.Y), n.X
				}
				if num > 1 && throwWords.MatchString(exprString(other)) {
					say(n, "a throw compared with %d (%s): ask the rules what the throw means", num, exprString(other))
				}
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if isInfoID(e) {
					say(e, "a game id in a switch (%s): a rule that escaped the rules", exprString(e))
				}
			}
		case *ast.IndexExpr:
			if num := intLit(n.Index); num > 0 && strings.HasSuffix(strings.ToLower(exprString(n.X)), "cells") {
				say(n, "board cell %d picked by its number (%s): ask the rules which cell it is", num, exprString(n))
			}
		}
		return true
	})
	return out
}

// isInfoID reports whether e is a game's id read from its rules' Info: seega.Info.ID, or
// x.Info.ID for any x. A game's id written as a literal, on either side or in a case, is caught
// as a literal; one game's id compared with another's (g.ID == want.ID) is no rule and allowed.
func isInfoID(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "ID" {
		return false
	}
	inner, ok := sel.X.(*ast.SelectorExpr)
	return ok && inner.Sel.Name == "Info"
}

// intLit is e's value if e is an integer literal, -1 otherwise.
func intLit(e ast.Expr) int {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return -1
	}
	n, err := strconv.Atoi(lit.Value)
	if err != nil {
		return -1
	}
	return n
}

// exprString spells e roughly as written (identifiers, selectors, calls, indexes).
func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	case *ast.CallExpr:
		return exprString(e.Fun) + "()"
	case *ast.IndexExpr:
		return exprString(e.X) + "[" + exprString(e.Index) + "]"
	case *ast.BasicLit:
		return e.Value
	case *ast.StarExpr:
		return "*" + exprString(e.X)
	case *ast.ParenExpr:
		return "(" + exprString(e.X) + ")"
	}
	return "…"
}
