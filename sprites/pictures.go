package sprites

import (
	"container/list"
	"image"
	"reflect"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// Cache keeps pictures painted once and copied often (a text in a language, size and pose; a
// piece of a colour at a size; a board's stamps; an empty board), bounded by the bytes of its
// images: when a new picture would pass the bound, the pictures used least recently are
// deallocated. A picture evicted is simply painted again the next time it is asked for.
//
// One cache for the whole app, rather than one per scene or board, because the growth it
// prevents came from many owners each keeping "just a few" pictures per language, text size,
// window size and game: each bound was sane alone and their sum had none. And an image
// dropped without Deallocate (a scene left behind) is freed only when Go's collector runs,
// which it seldom does while the Go heap changes little: the images, in video memory or,
// under a software renderer, in main memory, are not what paces it.
//
// Pictures used in the current frame are never evicted in it (the frame may still copy them):
// a frame that needs more than the bound passes it, and PeakBytes says so.
//
// A picture not asked for in the last idleTime goes too, however much room is left (the scene
// that showed it was left, the log line scrolled away, the text size changed), unless the last
// frame painted asked for it: an idle screen, not painted again, keeps its pictures however
// long it stays. The bound alone lets 64 MiB of such pictures stay, and they cost far more
// than their own bytes. The rule counts time, not frames: at 60 frames a second 600 frames
// are ten seconds, but a loaded machine or a slow phone paints a few frames a second, 600
// frames take minutes there, and a cache counting frames sat full at its bound (1,151 pictures
// in the 30-minute soak; BENCHMARKS.md, "Memory over a long session").
//
// The bound counts what the pictures take as textures, not their pixels: each has a texture
// of its own (NewUnmanagedImage) whose sides the graphics driver rounds up to powers of two,
// at least 16 pixels, so a line of text 300×40 takes 512×64. Counted as pixels, a 64 MiB bound
// holds some 130 MB of textures.
type Cache struct {
	limit int64
	spare int64         // the bytes of pictures beyond the last frame's it keeps (leftOver)
	idle  time.Duration // how long a picture may go unasked before it is let go
	now   func() time.Time
	frame uint64
	at    time.Time // when the current frame began
	lru   list.List // of *cached, most recently used first
	byKey map[any]*list.Element
	stats CacheStats
	kinds map[reflect.Type]int // pictures painted by the type of their key (Census)
}

// CacheStats counts what a Cache holds and has done.
type CacheStats struct {
	Count     int   // pictures held
	Bytes     int64 // their textures' size (TextureBytes)
	PeakBytes int64 // the most Bytes has been
	Painted   int   // pictures painted (first time, again after eviction, or in place)
	Repainted int   // of which painted over another's image (Repaint)
	Frame     int64 // the textures' bytes of the pictures asked for in the current frame
	PeakFrame int64 // the most Frame has been: the bound is best above it
	Evicted   int   // pictures deallocated to stay within the bound
	Expired   int   // pictures deallocated unasked: after idleTime, or beyond leftOver
}

type cached struct {
	key     any
	img     *ebiten.Image
	bytes   int64
	used    uint64    // the frame it was last asked for in
	usedAt  time.Time // and when that frame began
	counted uint64    // 1 + the frame it was last counted in (Frame)
}

// idleTime is how long a picture may go unasked before it is let go: going back to the scene
// just left finds its pictures still there. At 10 s, over the five games' soak, the cache sat
// at a 64 MiB bound through the replays and results (190 MB of Ebitengine's images, the
// eight-seat spiral at up to 452 MB resident); at 4 s the pictures stay under 58 MB and the
// spiral under 400 MB (BENCHMARKS.md, "Memory over a long session"). A player back from the
// rules after longer waits for the board's picture, one frame.
const idleTime = 4 * time.Second

// leftOver is how many bytes of pictures not asked for in the last frame painted the cache
// keeps, the most recently used of them: the screen just left, for a quick return (a board's
// picture is 1–4 MB). Without it the cache held the pictures of the screens left in the last
// idleTime up to its bound, and in the soak, which changes screens every few seconds, that was
// 15–25 MB more in a sample taken after a change than in one taken in a long game: the
// resident memory's spread from sample to sample, against which issue 13's target measures
// growth (BENCHMARKS.md, "Memory over a long session").
const leftOver = 8 << 20

// TextureBytes is what a w×h picture takes as a texture of its own: 4 bytes a pixel, each
// side rounded up to a power of two and at least 16, as Ebitengine's graphics drivers
// allocate it (OpenGL, WebGL, Metal, DirectX alike).
func TextureBytes(w, h int) int64 {
	side := func(n int) int64 {
		r := int64(16)
		for r < int64(n) {
			r <<= 1
		}
		return r
	}
	return side(w) * side(h) * 4
}

// NewCache makes a cache holding at most limit bytes of pictures.
func NewCache(limit int64) *Cache {
	return &Cache{limit: limit, spare: leftOver, idle: idleTime, now: time.Now, byKey: map[any]*list.Element{}}
}

// SetClock has the cache read the time from now (tests that run a session faster than it
// would be played: a clock that moves a sixtieth of a second a tick); nil is the wall clock.
func (c *Cache) SetClock(now func() time.Time) {
	if now == nil {
		now = time.Now
	}
	c.now = now
}

// Pictures is the app's picture cache (scenes reach it as ui.Pictures). 32 MiB: the most one
// frame asked for in the five games' 30-minute soak was 22 MB (CacheStats.PeakFrame), and what
// the bound holds beyond a frame's pictures is those of the screens just left, kept for a
// return. At 64 MiB a scene's change held both scenes' pictures, 60 MB, and that was the
// resident memory's swing from one sample to the next (BENCHMARKS.md, "Memory over a long
// session"). A bound below what one frame asks for is passed every frame and repaints its
// pictures over and over (seven times over in the short soak, when a frame asked for 51 MB).
var Pictures = NewCache(32 << 20)

// Limit is the cache's bound in bytes.
func (c *Cache) Limit() int64 { return c.limit }

// Stats says what the cache holds now.
func (c *Cache) Stats() CacheStats { return c.stats }

// NextFrame starts a new frame: the pictures used in the frames before it may be evicted, and
// of those not asked for in the last frame, the ones not asked for in the last idleTime are let
// go, and the rest past the leftOver bytes most recently used. The scene manager
// calls it at the top of each frame it paints.
func (c *Cache) NextFrame() {
	c.frame++
	c.at = c.now()
	c.stats.Frame = 0
	// The least recently used picture is at the back (used longest ago, in frames and in
	// time alike): usually nothing to do.
	for e := c.lru.Back(); e != nil; e = c.lru.Back() {
		p := e.Value.(*cached)
		if p.used+1 >= c.frame || c.at.Sub(p.usedAt) < c.idle {
			break
		}
		c.remove(e)
		c.stats.Expired++
	}
	// Beyond the last frame's pictures (at the front: the most recently used), only the most
	// recent up to spare bytes.
	kept := int64(0)
	for e := c.lru.Front(); e != nil; {
		next := e.Next()
		if p := e.Value.(*cached); p.used+1 < c.frame {
			if kept+p.bytes > c.spare {
				// This one and every one after it: all used longer ago.
				c.remove(e)
				c.stats.Expired++
				kept = c.spare
			} else {
				kept += p.bytes
			}
		}
		e = next
	}
}

// Get is the picture for key, w×h pixels: painted by paint (into a new, transparent image of
// that size) the first time it is asked for and again after an eviction. key must be
// comparable and say everything the picture depends on; a different size under the same key
// paints a new picture. A picture must not be kept past the frame it was asked for in: ask
// again (an evicted image is blank, not broken).
func (c *Cache) Get(key any, w, h int, paint func(img *ebiten.Image)) *ebiten.Image {
	w, h = max(1, w), max(1, h)
	if e, ok := c.byKey[key]; ok {
		p := e.Value.(*cached)
		if b := p.img.Bounds(); b.Dx() == w && b.Dy() == h {
			c.inFrame(p)
			p.used, p.usedAt = c.frame, c.at
			c.lru.MoveToFront(e)
			return p.img
		}
		c.remove(e)
	}
	size := TextureBytes(w, h)
	c.evict(size)
	p := &cached{key: key, img: NewUnmanagedImage("picture", w, h), bytes: size}
	c.inFrame(p)
	p.used, p.usedAt = c.frame, c.at
	paint(p.img)
	if c.kinds == nil {
		c.kinds = map[reflect.Type]int{}
	}
	c.kinds[reflect.TypeOf(key)]++
	c.byKey[key] = c.lru.PushFront(p)
	c.stats.Count++
	c.stats.Bytes += size
	c.stats.PeakBytes = max(c.stats.PeakBytes, c.stats.Bytes)
	c.stats.Painted++
	return p.img
}

// Repaint is Get for key, when the picture is to replace old's (what a part of a screen shows
// changed: the log's next line, the next turn): old's image, when held at w×h and not already
// copied in this frame, is cleared and painted again under key, not let go for a new one.
// Going through a new texture for every change (the log, the turn card and the stick arena
// change a few times a second in a game between computers) made Ebitengine allocate and free
// some 36,000 textures in the 30-minute soak, the graphics driver as many mallocs and frees,
// and under a software renderer those textures are main memory: what the driver freed stayed
// in its arenas, scattered (BENCHMARKS.md, "Memory over a long session").
func (c *Cache) Repaint(old, key any, w, h int, paint func(img *ebiten.Image)) *ebiten.Image {
	w, h = max(1, w), max(1, h)
	if old == key {
		return c.Get(key, w, h, paint)
	}
	e, ok := c.byKey[old]
	if _, taken := c.byKey[key]; taken || !ok {
		c.Forget(old)
		return c.Get(key, w, h, paint)
	}
	p := e.Value.(*cached)
	if b := p.img.Bounds(); b.Dx() != w || b.Dy() != h || p.used == c.frame {
		// Another size, or the old picture already copied in this frame (the cache changes
		// nothing a frame has used, as evict spares it): let go, and a new one painted.
		c.Forget(old)
		return c.Get(key, w, h, paint)
	}
	delete(c.byKey, old)
	p.key = key
	c.byKey[key] = e
	c.inFrame(p)
	p.used, p.usedAt = c.frame, c.at
	c.lru.MoveToFront(e)
	p.img.Clear()
	paint(p.img)
	c.kinds[reflect.TypeOf(key)]++
	c.stats.Painted++
	c.stats.Repainted++
	return p.img
}

// inFrame counts p among the current frame's pictures, the first time it is asked for in it.
func (c *Cache) inFrame(p *cached) {
	if p.counted == c.frame+1 {
		return
	}
	p.counted = c.frame + 1
	c.stats.Frame += p.bytes
	c.stats.PeakFrame = max(c.stats.PeakFrame, c.stats.Frame)
}

// Clear deallocates every picture and starts PeakBytes again from nothing: for a test that
// measures a session from its start (the cache is the whole process's, and a test before it
// may have left it past the bound after a frame that needed more, as the cache allows).
// Nothing may be drawing with the cache's pictures when it is called.
func (c *Cache) Clear() {
	for e := c.lru.Back(); e != nil; e = c.lru.Back() {
		c.remove(e)
	}
	c.stats.PeakBytes = 0
}

// Has reports whether key's picture is held (without counting it as used).
func (c *Cache) Has(key any) bool {
	_, ok := c.byKey[key]
	return ok
}

// Keep counts key's picture, if held, as used in this frame without copying it: for a few
// small pictures that are needed again and again but not in every frame (the sticks of a
// throw, between throws), which the idle rule would let go between two uses and which would
// then be painted again in the middle of the next.
func (c *Cache) Keep(key any) {
	if e, ok := c.byKey[key]; ok {
		p := e.Value.(*cached)
		c.inFrame(p)
		p.used, p.usedAt = c.frame, c.at
		c.lru.MoveToFront(e)
	}
}

// Forget deallocates key's picture, if held (its owner knows it will not be shown again).
func (c *Cache) Forget(key any) {
	if e, ok := c.byKey[key]; ok {
		c.remove(e)
	}
}

// evict deallocates the least recently used pictures until size more bytes fit, sparing
// those of the current frame.
func (c *Cache) evict(size int64) {
	for c.stats.Bytes+size > c.limit {
		e := c.lru.Back()
		if e == nil || e.Value.(*cached).used == c.frame {
			return
		}
		c.remove(e)
		c.stats.Evicted++
	}
}

// Census is what the cache holds by the type of its pictures' keys (a board's stamps, texts,
// sticks in the air): how many and their textures' bytes, and how many it painted so far.
// The memory soak prints it.
func (c *Cache) Census() map[string]CensusEntry {
	out := map[string]CensusEntry{}
	for t, n := range c.kinds {
		out[t.String()] = CensusEntry{Painted: n}
	}
	for e := c.lru.Front(); e != nil; e = e.Next() {
		p := e.Value.(*cached)
		k := reflect.TypeOf(p.key).String()
		n := out[k]
		n.Count++
		n.Bytes += p.bytes
		out[k] = n
	}
	return out
}

// CensusEntry counts the pictures of one kind of key (Census).
type CensusEntry struct {
	Count   int   // held
	Bytes   int64 // their textures' bytes
	Painted int   // painted since the cache was made
}

func (c *Cache) remove(e *list.Element) {
	p := e.Value.(*cached)
	c.lru.Remove(e)
	delete(c.byKey, p.key)
	Release(p.img)
	c.stats.Count--
	c.stats.Bytes -= p.bytes
}

// Owner names whoever keeps pictures in Pictures (a board, a scene's picture, a cache of
// stamps) inside their keys, without keeping the owner alive as a pointer would: a number,
// given on first use. The zero Owner is ready to use; a copy shares the number.
type Owner struct{ id uint64 }

var owners atomic.Uint64

// ID is o's number.
func (o *Owner) ID() uint64 {
	if o.id == 0 {
		o.id = owners.Add(1)
	}
	return o.id
}

// emptyBoard names a board's empty picture (its ground, frame and squares) in Pictures: one
// per board layout, forgotten when the layout is disposed.
type emptyBoard struct{ owner uint64 }

// paintBoard paints an empty board's picture with paint and has Ebitengine carry the drawing
// out at once, before the frame goes on. A board is a few hundred antialiased paths, and
// Ebitengine queues every path's vertices (a dozen times over, one per antialiasing pass)
// until the end of the frame, then keeps the queue's memory at the size of the busiest frame
// for as long as the app runs: the picker's five boards in one frame left 390 MB of Go heap
// behind, one at a time 130 MB (BENCHMARKS.md, "Memory over a long session"). The board's
// big paths are filled in bands (paths.go, inBands), for the stencil's sake.
func paintBoard(img *ebiten.Image, paint func(dst *ebiten.Image)) {
	paint(img)
	drawNow(img)
}

// bandRows is the height of PaintInBands' bands, in pixels.
const bandRows = 128

// PaintInBands paints a big picture with paint, called once for each band of bandRows rows of
// img (a sub-image of it, in img's own coordinates: paint draws where it would on img, and
// what lies outside the band is cut). Every path filled is then at most a band high, and its
// stencil (paths.go: the vector package's one stencil image, which only grows, sized by the
// biggest batch of paths it ever filled) stays small: a card-sized panel filled whole grew it
// to 23 MB on a 64 MB atlas page. A path outside a band costs the vector package nothing but
// its copy; the textured fills and texts are cut by the band. For pictures of a few paths (a
// panel, a button's face): a path crossing every band is drawn once a band.
func PaintInBands(img *ebiten.Image, paint func(dst *ebiten.Image)) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += bandRows {
		band := image.Rect(b.Min.X, y, b.Max.X, min(y+bandRows, b.Max.Y))
		paint(img.SubImage(band).(*ebiten.Image))
		drawOutPaths() // the band's paths among them
	}
}

// drawNow has Ebitengine draw what is queued (for img and everything else) now: the
// queue's memory is then only as large as the largest stretch between two such points. For
// pictures painted once, never in a frame's ordinary drawing (it waits for the GPU). Before
// the game loop runs (tests that draw into images of their own) Ebitengine refuses to read
// and there is nothing to wait for: the refusal is let go.
//
// Reading any pixel makes Ebitengine carry out its whole queue; but reading one of img's own
// has it read back, and keep in Go memory, all of img (up to 2048×2048 pixels at a time): for
// a board painted band by band, hundreds of megabytes of garbage in a few minutes (the soak's
// heap profile), and a readback of the whole picture from the GPU each time. So the pixel read
// is a probe's, a 1×1 image of its own, into which img's first pixel is copied first (so that
// the read waits for img, and the probe's cached pixel is stale). With img nil it only has the
// queue carried out (queueStencil's bound on the queue's memory).
func drawNow(img *ebiten.Image) {
	defer func() { _ = recover() }()
	drawOutPaths()
	queuedWork = 0
	if carriedOut != nil {
		carriedOut()
	}
	if probe == nil {
		probe = newPixel()
	}
	if img == nil {
		// Only the queue: a pixel copied into the probe, so that its cached pixel is stale and
		// the read waits for the queue. (Clearing it is not enough: Ebitengine clears the
		// pixels it keeps, and the read waits for nothing.)
		if nothing == nil {
			nothing = newPixel()
		}
		probe.DrawImage(nothing, &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy})
	} else {
		p := img.Bounds().Min
		op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
		probe.DrawImage(img.SubImage(image.Rect(p.X, p.Y, p.X+1, p.Y+1)).(*ebiten.Image), op)
	}
	probe.At(0, 0)
}

var probe *ebiten.Image

// carriedOut, when a test sets it, is told each time drawNow has Ebitengine carry out its queue.
var carriedOut func()
