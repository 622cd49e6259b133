package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/rules/games"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// title is the first scene: the name, a still life of the games' materials, and the way in.
type title struct {
	base
	art  ui.Rect
	name ui.Rect
	// tag is the tagline under the name, in tagSt, on as many lines as it takes.
	tag   []string
	tagSt ui.Style

	// artDue is set once a frame has been painted without the still life, which is then
	// painted on the next (see drawArt); artShown once it has been.
	artDue, artShown bool

	cont   *play     // the saved, unfinished game that Continue resumes (nil: none)
	notice string    // what became of a save that could not be continued
	seat   *keptSeat // the online seat Back to your online match takes back (nil: none)
	noteR  ui.Rect   // where the notice is drawn
}

func newTitle(m *Manager) *title {
	s := &title{base: base{m: m}}
	s.cont, s.notice = resumable(m)
	if s.cont != nil {
		// First, and so focused: the game being played is what a player most likely wants back.
		s.menu.Add(&ui.Button{ID: "continue", Label: lang.T("saves.title.continue"), Sub: lang.N("saves.title.continue.sub", s.cont.d.Match().Moves(), gameName(s.cont.g), s.cont.d.Match().Moves()), Icon: ui.IconPlay, Look: ui.Primary, Draw: twoLineFace})
	}
	if k, ok := m.liveSeat(); ok {
		// A seat held in an online match still going: taken back from here.
		s.seat = &k
		b := &ui.Button{ID: "rejoin", Label: lang.T("online.rejoin"), Icon: ui.IconPlay, Look: ui.Primary}
		if g, ok := games.Lookup(k.Game); ok {
			b.Sub, b.Draw = gameName(g), twoLineFace
		}
		if s.cont != nil {
			b.Look = ui.Plain
		}
		s.menu.Add(b)
	}
	s.menu.Add(&ui.Button{ID: "play", Label: lang.T("title.play"), Icon: ui.IconPlay, Look: ui.Primary})
	if s.cont != nil || s.seat != nil {
		s.menu.Get("play").Look = ui.Plain // one primary button: Continue
	}
	s.menu.Add(&ui.Button{ID: "online", Label: lang.T("online.title")})
	s.menu.Add(&ui.Button{ID: "records", Label: lang.T("saves.title.records"), Icon: ui.IconBook})
	s.menu.Add(&ui.Button{ID: "settings", Label: lang.T("menu.settings"), Icon: ui.IconGear})
	if canQuit() {
		s.menu.Add(&ui.Button{ID: "quit", Label: lang.T("title.quit")})
	}
	return s
}

func (s *title) Name() string { return "title" }

// Animating holds the frames going until the still life is on screen: the manager paints a
// still screen only once.
func (s *title) Animating() bool { return s.art.H > 0 && !s.artShown }

func (s *title) Layout(mt ui.Metrics) {
	s.mt = mt
	scr := mt.Screen().Inset(mt.Pt(24))
	s.noteR = noticeRect(mt, scr, s.notice)
	if s.noteR.H > 0 {
		scr.H -= s.noteR.H + mt.Pt(12)
	}
	bw, bh, gap := math.Min(mt.Pt(280), scr.W), mt.Pt(56), mt.Pt(14)
	n := len(s.menu.Buttons)
	// Continue is as tall as its two lines need (a long game name with large text wraps).
	contH := 0.0
	for _, id := range []string{"continue", "rejoin"} {
		if b := s.menu.Get(id); b != nil && b.Sub != "" {
			contH += math.Max(0, twoLineH(mt, b, bw)-bh)
		}
	}
	buttonsH := float64(n)*bh + float64(n-1)*gap + contH
	if buttonsH > scr.H && n > 1 {
		// A short screen: the buttons close up to the touch size before leaving it.
		bh, gap = math.Max(mt.Touch(), bh*scr.H/buttonsH), mt.Pt(8)
		buttonsH = float64(n)*bh + float64(n-1)*gap + contH
	}
	// The tagline in the body type, or the small one, on one line where it fits, else on two.
	s.tagSt = ui.Body
	tagW := scr.W
	if mt.Measure(s.tagSt, lang.T("title.tagline")) > tagW {
		s.tagSt = ui.Small
	}
	s.tag = mt.Wrap(lang.T("title.tagline"), s.tagSt, tagW)
	nameH := mt.LineHeight(ui.Display) + math.Max(mt.LineHeight(ui.Body)*1.6, float64(len(s.tag))*mt.LineHeight(s.tagSt)+mt.LineHeight(ui.Body)*0.6)
	// Stacked (art, name, buttons) where the screen is tall enough; on a short, wide screen
	// the buttons stand to the right of the art and the name.
	side := scr.H < buttonsH+nameH+mt.Pt(180) && scr.W > mt.Pt(440)
	left, right := scr, scr
	if side {
		left, right = scr.CutLeft(scr.W * 0.55)
		bw = math.Min(bw, right.W-mt.Pt(16))
	}
	room := left.H - nameH - mt.Pt(40)
	if !side {
		room -= buttonsH
	}
	artH := math.Min(math.Min(mt.Pt(300), room), left.W/1.9)
	if artH < mt.Pt(80) {
		artH = 0 // no room for the picture: the name and the buttons matter more
	}
	total := artH + nameH + mt.Pt(16)
	if !side {
		total += buttonsH + mt.Pt(24)
	}
	y := left.Y + math.Max(0, (left.H-total)/2)
	s.art = ui.Rect{X: left.CX() - artH*0.9, Y: y, W: artH * 1.8, H: artH}
	s.name = ui.Rect{X: left.X, Y: y + artH + mt.Pt(10), W: left.W, H: nameH}
	y = s.name.Bottom() + mt.Pt(24)
	if side {
		y = right.Y + math.Max(0, (right.H-buttonsH)/2)
	}
	for _, b := range s.menu.Buttons {
		// Side by side, a right-to-left reader meets the name first, at the right.
		h := bh
		if b.ID == "continue" || b.ID == "rejoin" && b.Sub != "" {
			h = math.Max(bh, twoLineH(mt, b, bw))
		}
		b.Rect = mt.Flip(ui.Rect{X: right.CX() - bw/2, Y: y, W: bw, H: h}, scr)
		y += h + gap
	}
	s.art, s.name = mt.Flip(s.art, scr), mt.Flip(s.name, scr)
	s.rehit()
}

func (s *title) Update(in []ui.Intent) {
	for _, it := range in {
		switch s.menu.Handle(it) {
		case "continue":
			click()
			s.m.Goto(s.cont)
			return
		case "rejoin":
			click()
			s.m.Goto(newResumeLobby(s.m, *s.seat))
			return
		case "online":
			click()
			s.m.Goto(newOnlineMenu(s.m, ""))
			return
		case "records":
			click()
			s.m.Goto(newRecords(s.m, s))
			return
		case "play":
			click()
			s.m.Goto(newGamePicker(s.m))
			return
		case "settings":
			click()
			s.m.Goto(newSettingsScene(s.m, s))
			return
		case "quit":
			s.m.Quit()
			return
		}
	}
}

func (s *title) Draw(dst *ebiten.Image) {
	mt := s.mt
	ui.Backdrop(dst, mt)
	s.drawArt(dst)
	mt.Text(dst, lang.T("title.name"), ui.Display, s.name.CX(), s.name.Y, ui.Center, sprites.Ink)
	for i, l := range s.tag {
		mt.Text(dst, l, s.tagSt, s.name.CX(), s.name.Y+mt.LineHeight(ui.Display)+float64(i)*mt.LineHeight(s.tagSt), ui.Center, sprites.Wood)
	}
	s.menu.Draw(dst, mt)
	drawNotice(dst, mt, s.noteR, s.notice)
}

// artKey names the still life's picture in the picture cache: where it lies on the screen (the
// picture's whole pixels and the art's rectangle, with its fraction of a pixel, which the
// antialiasing follows) and the room around it.
type artKey struct {
	at     ui.Rect
	ox, oy float64
	w, h   int
	margin float64
}

// drawArt draws the still life, painted once into a picture of the cache and copied on every
// frame after. The first frame of the game leaves it out: painting it is some 370 antialiased
// path draws and a shader program of their own (half the first frame's draws on the title),
// which a browser without a GPU rasterises on the processor before it shows the frame at all.
// The name and the way in come at once, and the still life one frame later (or at once, when
// the picture is still in the cache from an earlier visit to the title).
func (s *title) drawArt(dst *ebiten.Image) {
	if s.art.H <= 0 {
		return
	}
	// The picture has room around the art's rectangle: the sand's edge reaches a little past it.
	m := math.Ceil(s.art.H*0.1) + 2
	ox, oy := math.Floor(s.art.X-m), math.Floor(s.art.Y-m)
	k := artKey{at: s.art, ox: ox, oy: oy, margin: m,
		w: int(math.Ceil(s.art.X + s.art.W + m - ox)), h: int(math.Ceil(s.art.Y + s.art.H + m - oy))}
	if !s.artShown && !s.artDue && !ui.Pictures.Has(k) {
		s.artDue = true
		return
	}
	s.artShown = true
	img := ui.Pictures.Get(k, k.w, k.h, func(img *ebiten.Image) {
		paintArt(img, ui.Rect{X: s.art.X - ox, Y: s.art.Y - oy, W: s.art.W, H: s.art.H})
	})
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(ox, oy)
	dst.DrawImage(img, &op)
}

// paintArt is a still life on a patch of sand in r: four sticks fallen across each other, the
// Ghoula, a ring, a few seeds and pieces.
func paintArt(dst *ebiten.Image, r ui.Rect) {
	u := r.H
	cx, cy := r.CX(), r.CY()
	sprites.Fill(dst, sprites.Ellipse(cx, cy+u*0.08, r.W*0.5, u*0.44, 0), sprites.Fade(sprites.DeepSand, 0.6))
	sprites.Fill(dst, sprites.Ellipse(cx, cy+u*0.06, r.W*0.47, u*0.4, 0), sprites.Fade(sprites.Sand, 0.8))
	sprites.DrawSeeds(dst, cx+u*0.62, cy+u*0.12, u*0.16, 7)
	sprites.DrawRingPiece(dst, sprites.Player(1), cx-u*0.62, cy+u*0.16, u*0.1)
	sprites.DrawPiece(dst, sprites.Player(0), cx-u*0.44, cy+u*0.24, u*0.08, 0)
	sprites.DrawPiece(dst, sprites.Player(2), cx+u*0.42, cy-u*0.1, u*0.08, 0)
	l := u * 0.56
	sprites.DrawStick(dst, sprites.GreenWhite, cx-u*0.1, cy-u*0.02, l, -0.42, true, 0)
	sprites.DrawStick(dst, sprites.GreenWhite, cx+u*0.1, cy+u*0.0, l, 0.38, false, 0)
	sprites.DrawStick(dst, sprites.GreenWhite, cx-u*0.02, cy+u*0.14, l, 0.05, true, 0)
	sprites.DrawStick(dst, sprites.GreenWhite, cx+u*0.02, cy-u*0.14, l, -0.08, false, 0)
	sprites.DrawGhoula(dst, cx+u*0.34, cy+u*0.2, u*0.13, 0.6)
}
