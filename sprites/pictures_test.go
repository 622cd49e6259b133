package sprites

import (
	"testing"

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
	c := NewCache(2 * 8 * 8 * 4)
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

// TestCacheSparesTheCurrentFrame: a frame that needs more than the bound keeps every picture
// it asked for (it may still copy them) and says so in PeakBytes; the next frame evicts.
func TestCacheSparesTheCurrentFrame(t *testing.T) {
	const limit = 4 * 8 * 8 * 4
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
	if s := c.Stats(); s.PeakBytes != 10*8*8*4 {
		t.Errorf("PeakBytes %d, want %d", s.PeakBytes, 10*8*8*4)
	}
	c.NextFrame()
	c.Get("next", 8, 8, func(*ebiten.Image) {})
	if s := c.Stats(); s.Bytes > limit {
		t.Errorf("the next frame holds %d bytes, over the bound %d", s.Bytes, limit)
	}
}

// TestCacheLetsIdlePicturesGo: a picture not asked for in idle frames is deallocated however
// much room is left; one asked for in every frame stays.
func TestCacheLetsIdlePicturesGo(t *testing.T) {
	c := NewCache(1 << 20)
	c.idle = 5
	paint := func(*ebiten.Image) {}
	released := ImageCounts()["picture"].Released
	c.NextFrame()
	c.Get("shown", 8, 8, paint)
	c.Get("left", 8, 8, paint)
	for f := 2; f <= 6; f++ {
		c.NextFrame()
		c.Get("shown", 8, 8, paint)
	}
	if !c.Has("left") {
		t.Fatal(`"left", unasked for five frames, went already`)
	}
	c.NextFrame() // the sixth frame without it
	if c.Has("left") {
		t.Error(`"left", unasked for six frames, is still held`)
	}
	if !c.Has("shown") {
		t.Error(`"shown", asked for in every frame, went`)
	}
	if s := c.Stats(); s.Expired != 1 || s.Count != 1 || s.Bytes != 8*8*4 {
		t.Errorf("after the idle picture went: %+v, want 1 expired and 1 held (256 bytes)", s)
	}
	if got := ImageCounts()["picture"].Released - released; got != 1 {
		t.Errorf("%d images released, want the idle picture's", got)
	}
}
