package scenes

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules"
	"sig/rules/games"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// records is where a game record comes in to be watched: dropped on the window (desktop and
// browser), chosen from the records folder (desktop), or opened and pasted (browser). A record
// that opens goes to the replay viewer; one that cannot be read is said in the notice.
type records struct {
	base
	back   Scene
	files  []recordFile
	folder string
	notice string

	bar, body, noteR ui.Rect
	lines            []string // the help above the buttons, wrapped
	listY            float64  // where the list's heading goes
}

// maxListed is how many records of the folder the scene lists.
const maxListed = 8

func newRecords(m *Manager, back Scene) *records {
	s := &records{base: base{m: m}, back: back}
	if isBrowser {
		s.menu.Add(&ui.Button{ID: "upload", Label: lang.T("saves.records.upload"), Icon: ui.IconBook, Look: ui.Primary})
		s.menu.Add(&ui.Button{ID: "paste", Label: lang.T("saves.records.paste")})
	} else {
		s.folder, _ = recordFolder()
		s.files = listRecords(maxListed)
		for i, f := range s.files {
			s.menu.Add(&ui.Button{ID: "file-" + strconv.Itoa(i), Label: recordLabel(f), Sub: f.Name + " · " + f.Mod.Format("2006-01-02 15:04")})
		}
	}
	return s
}

func (s *records) Name() string { return "records" }

// recordLabel names a record in the list by its game and length, read from the file without
// replaying it (the replay, when it is opened, decides whether it is good); a file that does
// not even say that much is listed by its name.
func recordLabel(f recordFile) string {
	b, err := readRecordFile(f.Path)
	if err != nil {
		return f.Name
	}
	var r rules.Record
	if json.Unmarshal(b, &r) != nil {
		return f.Name
	}
	g, ok := games.Lookup(r.Game)
	if !ok {
		return f.Name
	}
	return lang.N("saves.records.item", len(r.Moves), g.Name, len(r.Moves))
}

// setNotice shows n at the foot of the scene (a refused record, a clipboard that cannot be read).
func (s *records) setNotice(n string) {
	s.notice = n
	if s.mt.Unit > 0 {
		s.Layout(s.mt)
	}
}

func (s *records) help() []string {
	var out []string
	if !isMobile {
		out = append(out, lang.T("saves.records.drop"))
	}
	if s.folder != "" {
		out = append(out, lang.T("saves.records.folder", s.folder))
	}
	if !isBrowser {
		if len(s.files) == 0 {
			out = append(out, lang.T("saves.records.empty"))
		} else {
			out = append(out, lang.T("saves.records.list"))
		}
	}
	return out
}

func (s *records) Layout(mt ui.Metrics) {
	s.mt = mt
	var rest ui.Rect
	s.bar, rest = s.header()
	s.noteR = noticeRect(mt, rest, s.notice)
	if s.noteR.H > 0 {
		rest.H -= s.noteR.H + mt.Pt(12)
	}
	w := math.Min(rest.W, mt.Pt(640))
	s.body = ui.Rect{X: rest.CX() - w/2, Y: rest.Y + mt.Pt(8), W: w, H: rest.H - mt.Pt(8)}
	s.lines = s.lines[:0]
	for _, h := range s.help() {
		s.lines = append(s.lines, mt.Wrap(h, ui.Body, w)...)
		s.lines = append(s.lines, "")
	}
	y := s.body.Y + float64(len(s.lines))*mt.LineHeight(ui.Body)
	bh, gap := mt.Pt(52), mt.Pt(10)
	if isBrowser {
		cols := s.body.Columns(2, gap)
		for i, id := range []string{"upload", "paste"} {
			s.menu.Get(id).Rect = ui.Rect{X: cols[i].X, Y: y, W: cols[i].W, H: bh}
		}
	}
	for _, b := range s.menu.Buttons {
		if strings.HasPrefix(b.ID, "file-") {
			b.Rect = ui.Rect{X: s.body.X, Y: y, W: s.body.W, H: bh}
			b.Hidden = b.Rect.Bottom() > s.body.Bottom()
			y += bh + gap
		}
	}
	s.menu.Fix()
	s.rehit()
}

func (s *records) Update(in []ui.Intent) {
	for _, it := range in {
		if it.Kind == ui.Back {
			s.m.Goto(s.back)
			return
		}
		id := s.menu.Handle(it)
		if id == "" {
			continue
		}
		click()
		switch {
		case id == "back":
			s.m.Goto(s.back)
			return
		case id == "upload":
			pickRecordFile()
		case id == "paste":
			pasteRecord()
		case strings.HasPrefix(id, "file-"):
			if k, err := strconv.Atoi(id[5:]); err == nil && k >= 0 && k < len(s.files) {
				b, err := readRecordFile(s.files[k].Path)
				s.m.openRecord(b, err)
				return
			}
		}
	}
}

func (s *records) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.drawHeader(dst, s.bar, lang.T("saves.records.title"), lang.T("saves.records.sub"))
	y := s.body.Y
	for _, l := range s.lines {
		mt.Text(dst, l, ui.Body, s.body.X, y, ui.Start, sprites.Ink)
		y += mt.LineHeight(ui.Body)
	}
	s.menu.Draw(dst, mt)
	drawNotice(dst, mt, s.noteR, s.notice)
}
