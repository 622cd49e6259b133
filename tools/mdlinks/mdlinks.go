// Package mdlinks checks the relative links of Markdown files: every link to a file or folder
// of the repository leads to one that exists, and every #anchor names a heading of the file it
// points into (as GitHub makes anchors from headings). Links with a scheme (https:, mailto:)
// are left alone: a fresh clone cannot check them. Its test runs it over README.md and docs/,
// so that a link in them that leads nowhere fails `go test ./...`.
package mdlinks

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

// Broken is a link that leads nowhere: the file it is in (as given), its line, the link's
// target as written, and why.
type Broken struct {
	File   string
	Line   int
	Target string
	Why    string
}

func (b Broken) String() string {
	return fmt.Sprintf("%s:%d: %s: %s", b.File, b.Line, b.Target, b.Why)
}

var (
	// inline is [text](target) and ![alt](target); the target may be <in angle brackets> and
	// may be followed by a title.
	inline = regexp.MustCompile(`!?\[[^\]]*\]\(\s*(<[^>]*>|[^)\s]+)(\s+"[^"]*")?\s*\)`)
	// reference is a link definition: [label]: target
	reference = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)`)
	codeSpan  = regexp.MustCompile("`+[^`]*`+")
	heading   = regexp.MustCompile(`^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$`)
)

// Check reads each Markdown file (paths as the caller names them) and returns every link in
// them that leads nowhere. A file it cannot read is reported as such.
func Check(files []string) []Broken {
	var broken []Broken
	anchors := map[string]map[string]bool{} // a Markdown file's anchors, by its clean path
	anchorsOf := func(path string) (map[string]bool, error) {
		path = filepath.Clean(path)
		if a, ok := anchors[path]; ok {
			return a, nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		a := Anchors(string(text))
		anchors[path] = a
		return a, nil
	}
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			broken = append(broken, Broken{File: file, Why: err.Error()})
			continue
		}
		for _, l := range Links(string(text)) {
			if why := check(file, l.Target, anchorsOf); why != "" {
				broken = append(broken, Broken{File: file, Line: l.Line, Target: l.Target, Why: why})
			}
		}
	}
	return broken
}

// check says why target, a link in file, leads nowhere, or "" when it leads somewhere.
func check(file, target string, anchorsOf func(string) (map[string]bool, error)) string {
	if u, err := url.Parse(target); err == nil && u.Scheme != "" {
		return ""
	}
	path, anchor, _ := strings.Cut(target, "#")
	if p, err := url.PathUnescape(path); err == nil {
		path = p
	}
	dest := file
	if path != "" {
		if strings.HasPrefix(path, "/") {
			return "an absolute path: write it relative to the file"
		}
		dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
		info, err := os.Stat(dest)
		if err != nil {
			return "no such file or folder"
		}
		if info.IsDir() {
			if anchor != "" {
				return "an anchor into a folder"
			}
			return ""
		}
	}
	if anchor == "" || !strings.EqualFold(filepath.Ext(dest), ".md") {
		return ""
	}
	a, err := anchorsOf(dest)
	if err != nil {
		return err.Error()
	}
	if !a[strings.ToLower(anchor)] {
		return "no heading makes the anchor #" + anchor
	}
	return ""
}

// Link is a link's target as written and the line it is on (from 1).
type Link struct {
	Target string
	Line   int
}

// Links lists the links of a Markdown text, outside fenced code blocks and code spans.
func Links(text string) []Link {
	var links []Link
	for i, line := range prose(text) {
		if line == "" || strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
			continue // code, or an indented code block
		}
		line = codeSpan.ReplaceAllString(line, "")
		for _, m := range inline.FindAllStringSubmatch(line, -1) {
			links = append(links, Link{Target: strings.Trim(m[1], "<>"), Line: i + 1})
		}
		if m := reference.FindStringSubmatch(line); m != nil {
			links = append(links, Link{Target: strings.Trim(m[1], "<>"), Line: i + 1})
		}
	}
	return links
}

// prose is text's lines with those of fenced code blocks, fences included, made empty (so
// that a line's index stays its number less one).
func prose(text string) []string {
	lines := strings.Split(text, "\n")
	fence := ""
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			lines[i] = ""
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			fence = trimmed[:3]
			lines[i] = ""
		}
	}
	return lines
}

// Anchors lists the anchors GitHub gives a Markdown text's headings: the heading's text in
// lower case, without its punctuation, spaces made hyphens; a repeated one gains -1, -2, ….
func Anchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, line := range prose(text) {
		m := heading.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(line, "    ") {
			continue
		}
		slug := Slug(m[2])
		if n := seen[slug]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			anchors[slug] = true
		}
		seen[slug]++
	}
	return anchors
}

// Slug is the anchor GitHub makes of a heading's text.
func Slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
