package scenes

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sig/audio"
	"sig/online"
	"sig/rules"
	"sig/scenes/lang"
	"sig/scenes/ui"
	"sig/sprites"
)

// Scene is one screen of the app. All logic is in Update; Draw only reads.
type Scene interface {
	// Name is a short name for tests and logs ("title", "picker", "play"…).
	Name() string
	// Layout places the scene on a screen measured by mt; called on entry and on every resize.
	Layout(mt ui.Metrics)
	// Update applies this tick's intents (already resolved against Hits).
	Update(in []ui.Intent)
	// Draw draws the scene.
	Draw(dst *ebiten.Image)
	// Hits are the scene's hit areas, as of its last Layout or Update.
	Hits() *ui.HitMap
}

// tick is the length of one update at Ebitengine's 60 ticks a second.
const tick = 1.0 / 60

// fadeTime is the length of a scene transition (a cross-fade).
const fadeTime = 0.25

// Manager runs the scenes: it reads input into intents, hands them to the current scene,
// fades between scenes, and keeps the settings. It implements ebiten.Game.
type Manager struct {
	cfg      Config
	game     *rules.Info
	settings Settings
	store    store
	saves    bool // the play scene autosaves (not while a -screenshot capture plays a scripted game)
	rng      *rand.Rand

	cur, prev Scene
	fade      float64 // seconds of transition left
	prevImg   *ebiten.Image

	mt      ui.Metrics
	sized   bool
	outW    float64
	outH    float64
	scaleFn func() float64

	reader   ui.Reader
	live     bool // read Ebitengine's input (false in tests, which inject intents)
	injected []ui.Intent
	intents  []ui.Intent
	resumed  bool

	drawn int
	// lastDraw is when the last frame began and frameGap how long the one before it took: a
	// renderer that does not keep up (software rendering) makes it long.
	lastDraw time.Time
	frameGap time.Duration
	quit     bool
	err      error
	redraw   bool // the screen must be drawn again (see Draw)
	changes  int  // the current scene's Changes at the last frame painted

	// The test hook (hook.go): time spent per frame, and the desktop's SIG_HOOK file.
	work     frameWork
	hookPath string
	hookLast []byte
	hookTick int // the update count at the last write of the SIG_HOOK file
}

// animator is a scene that changes on screen without input (animations).
type animator interface {
	Animating() bool
}

// changer is a scene that counts its changes: a frame is painted whenever the count moves on
// (a computer's move, which comes after frames of nothing changing on screen).
type changer interface {
	Changes() int
}

// New makes the app's manager from cfg, checking it: an unknown game, a player count out of
// range or bad seats are errors, and nothing starts.
func New(cfg Config) (*Manager, error) {
	// In a browser, an invite or spectator link opened the page: ?join=… or ?watch=….
	badLink := false
	if join, watch := pageLinks(); cfg.Game == "" && cfg.Join == "" && cfg.Watch == "" {
		if _, err := parseInvite(join); join != "" && err == nil {
			cfg.Join = join
		} else if _, err := parseWatch(watch); watch != "" && err == nil {
			cfg.Watch = watch
		} else {
			badLink = join != "" || watch != ""
		}
	}
	m, err := newManager(cfg, defaultStore())
	if err != nil {
		return nil, err
	}
	if badLink {
		m.cur = newOnlineMenu(m, lang.T("online.err.link"))
	}
	m.live = true
	limitMemory()
	m.startHook()
	// Draw skips frames where nothing changed; the screen must then keep its picture.
	ebiten.SetScreenClearedEveryFrame(false)
	m.scaleFn = func() float64 {
		if mon := ebiten.Monitor(); mon != nil {
			return mon.DeviceScaleFactor()
		}
		return 1
	}
	return m, nil
}

// newManager is New with the settings kept in st and no live input (tests inject intents).
func newManager(cfg Config, st store) (*Manager, error) {
	g, err := cfg.check()
	if err != nil {
		return nil, err
	}
	if cfg.Seed == 0 {
		cfg.Seed = time.Now().UnixNano()
	}
	if cfg.ScreenshotFrame == 0 {
		cfg.ScreenshotFrame = DefaultScreenshotFrame
	}
	m := &Manager{cfg: cfg, game: g, store: st, saves: cfg.ScreenshotPath == "", scaleFn: func() float64 { return 1 }}
	m.rng = rand.New(rand.NewPCG(uint64(cfg.Seed), 0x5349_47))
	m.settings = loadSettings(st)
	if cfg.Lang != "" && available(cfg.Lang) {
		m.settings.Lang = cfg.Lang
	}
	m.settings.apply()
	if cfg.Server != "" && cfg.Server != m.settings.Server {
		// -server is remembered: the next run plays online on the same server.
		m.settings.Server = cfg.Server
		saveSettings(st, m.settings)
	}
	switch {
	case cfg.Join != "":
		iv, _ := parseInvite(cfg.Join) // checked by cfg.check
		m.cur = newJoinEntry(m, cfg.Join, iv)
	case cfg.Watch != "":
		id, _ := parseWatch(cfg.Watch)
		m.cur = newWatchLobby(m, id)
	case g != nil && len(cfg.Seats) > 0:
		m.cur = newPlay(m, g, playersFrom(cfg.Seats), cfg.Seed)
	case g != nil:
		m.cur = newSetup(m, g, cfg.Players)
	default:
		m.cur = newTitle(m)
		if k, ok := m.liveSeat(); ok {
			// A reload or a restart in the middle of an online match: straight back to it.
			m.cur = newResumeLobby(m, k)
		}
	}
	return m, nil
}

// Current is the scene on screen.
func (m *Manager) Current() Scene { return m.cur }

// Goto switches to s with a cross-fade.
func (m *Manager) Goto(s Scene) {
	if s == nil {
		return
	}
	m.prev, m.cur = m.cur, s
	m.redraw = true
	m.fade = fadeTime
	if m.settings.Speed == Instant {
		m.fade = 0
	}
	m.reader.Text = false
	if m.sized {
		s.Layout(m.mt)
	}
}

// Quit ends the game loop at the next tick (desktop only: browsers and phones have no quit).
func (m *Manager) Quit() { m.quit = true }

// canQuit reports whether a Quit button makes sense on this platform.
func canQuit() bool { return !isBrowser && !isMobile }

// nextSeed draws a seed for a new match.
func (m *Manager) nextSeed() int64 { return int64(m.rng.Uint64() >> 1) }

// setSettings changes the settings, applies and remembers them.
func (m *Manager) setSettings(s Settings) {
	s.sane()
	relayout := s.Lang != m.settings.Lang || s.Large != m.settings.Large
	m.settings = s
	s.apply()
	saveSettings(m.store, s)
	if relayout && m.sized {
		// A new language or text size changes every scene's measures at once.
		m.mt = m.metrics(m.mt.W, m.mt.H, m.mt.Scale)
		m.redraw = true
		m.cur.Layout(m.mt)
	}
}

// metrics measures a screen of w×h pixels at device scale dsf, with the settings' reading
// direction and text size.
func (m *Manager) metrics(w, h, dsf float64) ui.Metrics {
	mt := ui.NewMetrics(w, h, dsf)
	mt.RTL = lang.Lang(m.settings.Lang).RTL()
	mt.TextScale = m.settings.textScale()
	return mt
}

// click is the sound of a button.
func click() { audio.Play(audio.Click) }

// inject queues intents for the next Update (tests, and scripted captures).
func (m *Manager) inject(in ...ui.Intent) { m.injected = append(m.injected, in...) }

// Update reads input, resolves it against the scene's hit areas and runs the scene.
func (m *Manager) Update() error {
	defer m.work.track(time.Now(), &m.work.update, &m.work.updates)
	if m.work.updates == 0 {
		startupMark("Update") // the browser's first-frame measurement (firstframe_js.go)
	}
	if m.err != nil {
		return m.err
	}
	if m.quit {
		return ebiten.Termination
	}
	if !m.sized {
		return nil
	}
	in := m.intents[:0]
	if m.live {
		in = m.reader.Read(in, m.mt.Unit)
	}
	in = append(in, m.injected...)
	m.injected = m.injected[:0]
	ui.Resolve(in, m.cur.Hits())
	for _, it := range in {
		if it.Kind != ui.Point && it.Kind != ui.None && !m.resumed {
			// Browsers allow sound only after a gesture: this is the first one.
			m.resumed = true
			audio.Resume()
		}
	}
	m.intents = in
	if len(in) > 0 || m.fade > 0 {
		m.redraw = true
	}
	if m.fade > 0 {
		m.fade = math.Max(0, m.fade-tick)
		if m.fade == 0 {
			m.prev = nil
		}
	}
	// A scene that was changing by itself when this tick began may have come to rest in it (an
	// animation's last step, a computer's move at Instant speed): that last change must be
	// painted too, though the scene no longer reports it at Draw.
	was := animating(m.cur)
	m.cur.Update(in)
	if was {
		m.redraw = true
	}
	if c, ok := m.cur.(changer); ok && c.Changes() != m.changes {
		m.changes = c.Changes()
		m.redraw = true
	}
	m.takeRecords() // a record dropped on the window, chosen or pasted (records.go)
	return nil
}

// animating reports whether s changes on screen by itself now.
func animating(s Scene) bool {
	a, ok := s.(animator)
	return ok && a.Animating()
}

// Draw draws the current scene, the fading previous one over it, and takes the screenshot
// when one is due. A screen that has not changed since the last frame (no input, no fade, no
// animation) is not drawn again: the screen is not cleared between frames, so it stays as it
// was, and an idle menu costs next to nothing (on a phone, battery).
func (m *Manager) Draw(screen *ebiten.Image) {
	defer m.work.track(time.Now(), &m.work.draw, &m.work.draws)
	if !m.sized {
		return
	}
	now := time.Now()
	if !m.lastDraw.IsZero() {
		m.frameGap = now.Sub(m.lastDraw)
	}
	m.lastDraw = now
	if animating(m.cur) {
		m.redraw = true
	}
	if m.drawn == 0 {
		startupMark("Draw")
	}
	if m.redraw || m.drawn < 2 {
		// The picture cache counts painted frames only: a picture unasked for a while is let
		// go, but an idle screen, not painted again, keeps its pictures.
		ui.Pictures.NextFrame()
		m.redraw = false
		m.paint(screen)
		m.work.painted++
	}
	if m.drawn == 0 {
		firstFrameShown()
	}
	m.drawn++
	m.publishHook()
	if trimsMalloc {
		trimMalloc(now, m.work.painted)
	}
	if m.cfg.ScreenshotPath != "" && m.drawn == m.cfg.ScreenshotFrame && !m.quit {
		if err := writePNG(screen, m.cfg.ScreenshotPath); err != nil {
			m.err = fmt.Errorf("screenshot: %w", err)
		}
		m.quit = true
	}
}

// paint draws the current scene and, during a transition, the previous one fading out over it.
func (m *Manager) paint(screen *ebiten.Image) {
	screen.Clear()
	m.cur.Draw(screen)
	if m.prev != nil && m.fade > 0 {
		b := screen.Bounds()
		if m.prevImg == nil || m.prevImg.Bounds() != b {
			if m.prevImg != nil {
				sprites.Release(m.prevImg)
			}
			m.prevImg = sprites.NewImage("transition", b.Dx(), b.Dy())
		}
		m.prevImg.Clear()
		m.prev.Draw(m.prevImg)
		op := &ebiten.DrawImageOptions{}
		op.ColorScale.ScaleAlpha(float32(m.fade / fadeTime))
		screen.DrawImage(m.prevImg, op)
	}
}

// Layout is never used: LayoutF takes precedence. It is here to satisfy ebiten.Game.
func (m *Manager) Layout(w, h int) (int, int) {
	fw, fh := m.LayoutF(float64(w), float64(h))
	return int(fw), int(fh)
}

// LayoutF makes the screen as many pixels as the device has (crisp on high-DPI screens) and
// lays the scenes out again when the size changes.
func (m *Manager) LayoutF(outW, outH float64) (float64, float64) {
	s := m.scaleFn()
	if s <= 0 {
		s = 1
	}
	w, h := math.Max(1, math.Ceil(outW*s)), math.Max(1, math.Ceil(outH*s))
	if !m.sized || w != m.mt.W || h != m.mt.H || s != m.mt.Scale {
		m.mt = m.metrics(w, h, s)
		m.sized = true
		m.redraw = true
		m.cur.Layout(m.mt)
		if m.prev != nil {
			m.prev.Layout(m.mt)
		}
	}
	return w, h
}

// player is a seat as the play scene uses it: the seat and its colour.
type player struct {
	Seat
	Color int // index into sprites.Players
}

// playersFrom gives seats their colours; their names stay as given ("" for the default).
func playersFrom(seats []Seat) []player {
	ps := make([]player, len(seats))
	for i, s := range seats {
		ps[i] = player{Seat: Seat{Who: s.who(), Name: s.Name}, Color: i % len(sprites.Players)}
	}
	return ps
}

// seatNames are the players' names as shown now: a typed name as typed, any other the seat's
// default name in the current language ("You", "Computer 2"), so that a change of language
// mid-game renames them.
func seatNames(ps []player) []string {
	seats := make([]Seat, len(ps))
	for i, p := range ps {
		seats[i] = p.Seat
	}
	return namesIn(lang.Current(), seats)
}

// namesIn is seatNames for bare seats, in language l.
func namesIn(l lang.Lang, seats []Seat) []string {
	humans := 0
	for _, s := range seats {
		if s.here() {
			humans++
		}
	}
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.Name
		if out[i] == "" {
			out[i] = defaultName(l, s, i, humans, len(seats))
		}
	}
	return out
}

// youOf is the player the words call "you": the only person at this screen, when their name
// was not typed (a typed name is said as typed, "Amira moves"); -1 for none.
func youOf(ps []player) int {
	you := -1
	for i, p := range ps {
		if p.here() {
			if you >= 0 || p.Name != "" {
				return -1 // two people at the screen, or one who gave a name
			}
			you = i
		}
	}
	return you
}

// defaultName names, in language l, seat i of seats (humans of them people here) that has no
// typed name.
func defaultName(l lang.Lang, s Seat, i, humans, seats int) string {
	if s.here() {
		if humans <= 1 {
			return lang.In(l, "log.you")
		}
		return lang.In(l, "player.n", i+1)
	}
	if _, ok := s.Who.(online.Remote); ok {
		return lang.In(l, "player.n", i+1) // a person at another screen
	}
	if seats-humans == 1 {
		return lang.In(l, "player.computer.one") // the only computer needs no number
	}
	return lang.In(l, "player.computer", i+1)
}
