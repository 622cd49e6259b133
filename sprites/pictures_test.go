package sprites

import (
	"fmt"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestCacheStaysBounded: pictures asked for one a frame never hold more than the bound; the
// least recently used go first, and one asked for in every frame stays.
func TestCacheStaysBounded(t *testing.T) {
	const side, limit = 16, 10 * 16 * 16 * 4 // room for ten 16×16 pictures
	c := NewCache(limit)
	painted := map[int]int{}
	get := func(k int) *ebiten.Image {
		return c.Get(k, side, side, func(*ebiten.Image) { painted[k]++ })
	}
	for k := 1; k <= 100; k++ {
		c.NextFrame()
		get(0) // the picture shown in every frame
		get(k)
		if s := c.Stats(); s.Bytes > limit || s.Count > 10 {
			t.Fatalf("after %d pictures the cache holds %d (%d bytes), bound %d bytes", k+1, s.Count, s.Bytes, limit)
		}
	}
	if painted[0] != 1 {
		t.Errorf("the picture asked for in every frame was painted %d times, want once", painted[0])
	}
	for k := 1; k <= 91; k++ {
		if c.Has(k) {
			t.Errorf("picture %d, among the least recently used, is still held", k)
		}
	}
	for k := 92; k <= 100; k++ {
		if !c.Has(k) {
			t.Errorf("picture %d, among the nine most recent, was evicted", k)
		}
	}
	if s := c.Stats(); s.Evicted != 91 || s.Painted != 101 {
		t.Errorf("evicted %d and painted %d, want 91 and 101", s.Evicted, s.Painted)
	}
}

// TestCacheRepaintsEvicted: an evicted picture asked for again is painted again, at its size;
// a new size under the same key is a new picture; Forget lets a picture go at once.
func TestCacheRepaintsEvicted(t *testing.T) {
	c := NewCache(2 * 16 * 16 * 4) // two textures of 16×16, the smallest there are
	calls := 0
	paint := func(img *ebiten.Image) { calls++ }
	c.NextFrame()
	a := c.Get("a", 8, 8, paint)
	c.NextFrame()
	c.Get("b", 8, 8, paint)
	c.NextFrame()
	c.Get("c", 8, 8, paint) // evicts "a"
	if c.Has("a") {
		t.Fatal(`"a" is held past the bound`)
	}
	c.NextFrame()
	a2 := c.Get("a", 8, 8, paint)
	if calls != 4 {
		t.Errorf("%d paintings for four first uses (a, b, c, a again)", calls)
	}
	if a2 == a {
		t.Error("the evicted image was handed out again instead of a new one")
	}
	if b := a2.Bounds(); b.Dx() != 8 || b.Dy() != 8 {
		t.Errorf("the repainted picture is %v, want 8×8", b)
	}
	c.NextFrame()
	if img := c.Get("a", 4, 6, paint); img.Bounds().Dx() != 4 || img.Bounds().Dy() != 6 || calls != 5 {
		t.Errorf("a new size under the same key: %v after %d paintings", img.Bounds(), calls)
	}
	c.Forget("a")
	if c.Has("a") || c.Stats().Count != 1 {
		t.Errorf("Forget left %d pictures (a held: %v)", c.Stats().Count, c.Has("a"))
	}
}

// TestCacheRepaintsInPlace: a picture replacing another of its size is painted over the
// other's image (cleared first), under its own key; another size, a picture the frame already
// copied, or a key already held go through Get and let the old picture go.
func TestCacheRepaintsInPlace(t *testing.T) {
	c := NewCache(1 << 20)
	released := func() int { return ImageCounts()["picture"].Released }
	var painted []string
	paint := func(name string) func(*ebiten.Image) {
		return func(*ebiten.Image) { painted = append(painted, name) }
	}
	c.NextFrame()
	v1 := c.Get("v1", 8, 8, paint("v1"))
	c.NextFrame()
	before := released()
	v2 := c.Repaint("v1", "v2", 8, 8, paint("v2"))
	if v2 != v1 {
		t.Error("a picture of the same size was given a new image, not the old one painted over")
	}
	if c.Has("v1") || !c.Has("v2") {
		t.Errorf("after the repaint: v1 held %v, v2 held %v; want only v2", c.Has("v1"), c.Has("v2"))
	}
	if got := released() - before; got != 0 {
		t.Errorf("%d images released by a repaint in place", got)
	}
	if s := c.Stats(); s.Count != 1 || s.Repainted != 1 || s.Painted != 2 || s.Bytes != TextureBytes(8, 8) {
		t.Errorf("after the repaint: %+v, want 1 held, 2 painted, 1 of them in place", s)
	}
	c.NextFrame()
	if v3 := c.Repaint("v2", "v3", 4, 6, paint("v3")); v3 == v2 || v3.Bounds().Dx() != 4 || v3.Bounds().Dy() != 6 {
		t.Errorf("another size: %v (the old image: %v)", v3.Bounds(), v3 == v2)
	}
	if c.Has("v2") || released()-before != 1 {
		t.Errorf("another size: v2 held %v, %d images released, want the old one's", c.Has("v2"), released()-before)
	}
	// In the frame that copied it, the old picture is not painted over.
	v4 := c.Get("v4", 4, 6, paint("v4"))
	if v5 := c.Repaint("v4", "v5", 4, 6, paint("v5")); v5 == v4 {
		t.Error("the picture copied in this frame was painted over")
	}
	// A key already held: its picture, and the old one goes.
	c.NextFrame()
	c.Get("held", 4, 6, paint("held"))
	c.NextFrame()
	n := len(painted)
	c.Repaint("v5", "held", 4, 6, paint("held again"))
	if c.Has("v5") || len(painted) != n {
		t.Errorf("onto a key held: v5 held %v, painted %v", c.Has("v5"), painted[n:])
	}
	if want := []string{"v1", "v2", "v3", "v4", "v5", "held"}; fmt.Sprint(painted) != fmt.Sprint(want) {
		t.Errorf("painted %v, want %v", painted, want)
	}
}

// TestCacheSparesTheCurrentFrame: a frame that needs more than the bound keeps every picture
// it asked for (it may still copy them) and says so in PeakBytes; the next frame evicts.
func TestCacheSparesTheCurrentFrame(t *testing.T) {
	const limit = 4 * 16 * 16 * 4 // four 8×8 pictures' textures (16×16, the smallest)
	c := NewCache(limit)
	c.NextFrame()
	for k := 0; k < 10; k++ {
		c.Get(k, 8, 8, func(*ebiten.Image) {})
	}
	for k := 0; k < 10; k++ {
		if !c.Has(k) {
			t.Fatalf("picture %d of the current frame was evicted in it", k)
		}
	}
	c.Get(3, 8, 8, func(*ebiten.Image) {}) // again: counted once
	if s := c.Stats(); s.Frame != 10*16*16*4 || s.PeakFrame != s.Frame {
		t.Errorf("the frame's pictures counted %d bytes (peak %d), want %d", s.Frame, s.PeakFrame, 10*16*16*4)
	}
	if s := c.Stats(); s.PeakBytes != 10*16*16*4 {
		t.Errorf("PeakBytes %d, want %d", s.PeakBytes, 10*16*16*4)
	}
	c.NextFrame()
	c.Get("next", 8, 8, func(*ebiten.Image) {})
	if s := c.Stats(); s.Bytes > limit {
		t.Errorf("the next frame holds %d bytes, over the bound %d", s.Bytes, limit)
	}
	if s := c.Stats(); s.Frame != 16*16*4 || s.PeakFrame != 10*16*16*4 {
		t.Errorf("the next frame's pictures: %d bytes (peak %d), want %d (peak %d)", s.Frame, s.PeakFrame, 16*16*4, 10*16*16*4)
	}
}

// TestCacheLetsIdlePicturesGo: a picture not asked for in idleTime is deallocated however
// much room is left, whatever the frame rate; one asked for in every frame stays, and so does
// one asked for in the last frame painted, however long ago that was (an idle screen).
func TestCacheLetsIdlePicturesGo(t *testing.T) {
	for _, fps := range []float64{60, 2} {
		c := NewCache(1 << 20)
		var now time.Time
		c.SetClock(func() time.Time { return now })
		frame := time.Duration(float64(time.Second) / fps)
		paint := func(*ebiten.Image) {}
		released := ImageCounts()["picture"].Released
		c.NextFrame()
		c.Get("shown", 8, 8, paint)
		c.Get("left", 8, 8, paint)
		// Frames until just before idleTime has passed since "left" was asked for.
		for now.Add(frame).Before(time.Time{}.Add(idleTime)) {
			now = now.Add(frame)
			c.NextFrame()
			c.Get("shown", 8, 8, paint)
		}
		if !c.Has("left") {
			t.Fatalf("%v frames a second: \"left\", unasked for less than %v, went already", fps, idleTime)
		}
		now = now.Add(frame)
		c.NextFrame() // idleTime without it
		c.Get("shown", 8, 8, paint)
		if c.Has("left") {
			t.Errorf("%v frames a second: \"left\", unasked for %v, is still held", fps, idleTime)
		}
		if !c.Has("shown") {
			t.Errorf("%v frames a second: \"shown\", asked for in every frame, went", fps)
		}
		if s := c.Stats(); s.Expired != 1 || s.Count != 1 || s.Bytes != TextureBytes(8, 8) {
			t.Errorf("%v frames a second, after the idle picture went: %+v, want 1 expired and 1 held (%d bytes)", fps, s, TextureBytes(8, 8))
		}
		if got := ImageCounts()["picture"].Released - released; got != 1 {
			t.Errorf("%v frames a second: %d images released, want the idle picture's", fps, got)
		}
		// The screen stays as it is, unpainted, for a minute; the next frame painted finds
		// the picture it showed.
		now = now.Add(time.Minute)
		c.NextFrame()
		if !c.Has("shown") {
			t.Errorf("%v frames a second: the picture of the last frame painted went after the screen sat idle", fps)
		}
	}
}

// TestCacheKeepHoldsAnIdlePicture: a picture kept (Keep) in every frame stays past idleTime
// without being copied or painted again, while one neither asked for nor kept goes; Keep of a
// picture not held paints nothing.
func TestCacheKeepHoldsAnIdlePicture(t *testing.T) {
	c := NewCache(1 << 20)
	var now time.Time
	c.SetClock(func() time.Time { return now })
	painted := 0
	paint := func(*ebiten.Image) { painted++ }
	c.NextFrame()
	c.Get("kept", 8, 8, paint)
	c.Get("left", 8, 8, paint)
	for i := 0; i < 3*60*int(idleTime/time.Second); i++ {
		now = now.Add(time.Second / 60)
		c.NextFrame()
		c.Keep("kept")
		c.Keep("never painted")
	}
	if !c.Has("kept") {
		t.Errorf("a picture kept in every frame went after %v unasked", 3*idleTime)
	}
	if c.Has("left") {
		t.Errorf("a picture neither asked for nor kept for %v is still held", 3*idleTime)
	}
	if c.Has("never painted") || painted != 2 {
		t.Errorf("Keep painted: %d paints, a picture never asked for held %v", painted, c.Has("never painted"))
	}
	c.Get("kept", 8, 8, paint)
	if painted != 2 {
		t.Errorf("the kept picture was painted again when next asked for")
	}
}

// TestCacheKeepsLittleOfScreensLeft: of the pictures not asked for in the last frame, the
// cache keeps the most recently used up to its spare bytes, whatever room its bound leaves;
// the last frame's pictures stay however many bytes they take.
func TestCacheKeepsLittleOfScreensLeft(t *testing.T) {
	c := NewCache(1 << 20)
	one := TextureBytes(8, 8)
	c.spare = 2 * one
	paint := func(*ebiten.Image) {}
	c.NextFrame()
	for _, k := range []string{"a", "b", "c", "d"} { // one screen's pictures, d asked for last
		c.Get(k, 8, 8, paint)
	}
	c.NextFrame()
	c.Get("e", 8, 8, paint) // the next screen
	for _, k := range []string{"a", "b", "c", "d"} {
		if !c.Has(k) {
			t.Errorf("%s, asked for in the last frame, went", k)
		}
	}
	c.NextFrame()
	c.Get("e", 8, 8, paint)
	for k, want := range map[string]bool{"a": false, "b": false, "c": true, "d": true, "e": true} {
		if c.Has(k) != want {
			t.Errorf("two frames after the screen was left: %s held %v, want %v", k, c.Has(k), want)
		}
	}
	if s := c.Stats(); s.Expired != 2 || s.Bytes != 3*one {
		t.Errorf("%+v: want 2 let go, %d bytes held", s, 3*one)
	}
}

// TestTextureBytes: a picture's texture, as the graphics drivers allocate it.
func TestTextureBytes(t *testing.T) {
	for _, c := range []struct {
		w, h int
		want int64
	}{
		{1, 1, 16 * 16 * 4},
		{16, 17, 16 * 32 * 4},
		{300, 40, 512 * 64 * 4},
		{1024, 1024, 1024 * 1024 * 4},
		{1025, 700, 2048 * 1024 * 4},
	} {
		if got := TextureBytes(c.w, c.h); got != c.want {
			t.Errorf("TextureBytes(%d, %d) = %d, want %d", c.w, c.h, got, c.want)
		}
	}
}
