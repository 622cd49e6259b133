package audio

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// wavDir, when set, writes every sound as a WAV file there, to listen to or look at
// (go test ./audio -run TestSynthesis -wav /tmp/sounds).
var wavDir = flag.String("wav", "", "write the synthesized sounds as WAV files into this folder")

// soundSpec is what each sound must measure: its length, and how loud its loudest sample is.
var soundSpecs = []struct {
	sound            Sound
	minSecs, maxSecs float64
	peak             float64
	clicks           int // distinct hits heard, 0: not counted (a hiss)
}{
	{Clatter4, 0.2, 0.5, 0.8, 4},
	{Clatter6, 0.3, 0.6, 0.8, 6},
	{Step, 0.05, 0.2, 0.55, 1},
	{Seed, 0.04, 0.15, 0.6, 0},
	{Capture, 0.15, 0.5, 0.9, 0},
	{Ghoula, 0.4, 1.0, 0.6, 0},
	{Click, 0.01, 0.06, 0.45, 1},
}

func TestSynthesisCoversEverySound(t *testing.T) {
	if len(soundSpecs) != int(numSounds) {
		t.Fatalf("soundSpecs lists %d sounds, the package has %d", len(soundSpecs), numSounds)
	}
}

func TestSynthesis(t *testing.T) {
	for _, spec := range soundSpecs {
		t.Run(spec.sound.String(), func(t *testing.T) {
			c := synthesize(spec.sound)
			if len(c.l) != len(c.r) {
				t.Fatalf("channels differ in length: %d and %d", len(c.l), len(c.r))
			}
			if secs := c.seconds(); secs < spec.minSecs || secs > spec.maxSecs {
				t.Errorf("lasts %.3f s, want %.3f … %.3f s", secs, spec.minSecs, spec.maxSecs)
			}
			var peak, sum float64
			for i := range c.l {
				for _, v := range []float64{float64(c.l[i]), float64(c.r[i])} {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("sample %d is %v", i, v)
					}
					peak = max(peak, math.Abs(v))
					sum += v * v
				}
			}
			if math.Abs(peak-spec.peak) > 1e-3 {
				t.Errorf("peak %.4f, want %.4f", peak, spec.peak)
			}
			if peak > 1 {
				t.Errorf("peak %.4f clips", peak)
			}
			rms := math.Sqrt(sum / float64(2*len(c.l)))
			if rms < 0.01 {
				t.Errorf("RMS %.4f: nearly silent", rms)
			}
			last := len(c.l) - 1
			if c.l[last] != 0 || c.r[last] != 0 {
				t.Errorf("ends on %v/%v, want silence (no click at the end)", c.l[last], c.r[last])
			}
			if spec.clicks > 0 {
				if got := countHits(c); got != spec.clicks {
					t.Errorf("%d distinct hits, want %d", got, spec.clicks)
				}
			}
			if *wavDir != "" {
				writeWAV(t, filepath.Join(*wavDir, spec.sound.String()+".wav"), c)
			}
		})
	}
}

func TestSynthesisIsDeterministic(t *testing.T) {
	for s := Sound(0); s < numSounds; s++ {
		if !bytes.Equal(synthesize(s).bytes(), synthesize(s).bytes()) {
			t.Errorf("%v differs between two syntheses", s)
		}
	}
}

func TestPCMIsStereoFloat32(t *testing.T) {
	for s := Sound(0); s < numSounds; s++ {
		c := synthesize(s)
		mu.Lock()
		got := len(pcmOf(s))
		mu.Unlock()
		if want := len(c.l) * 8; got != want {
			t.Errorf("%v: %d bytes, want %d (2 channels × 4 bytes × %d samples)", s, got, want, len(c.l))
		}
	}
}

// countHits counts the attacks in c: places where the loudness in a 1 ms window jumps well
// above what it was 3 ms before and is a fair share of the loudest.
func countHits(c clip) int {
	const win = SampleRate / 1000
	var env []float64
	var peak float64
	for i := 0; i+win <= len(c.l); i += win {
		var m float64
		for _, v := range c.l[i : i+win] {
			m = max(m, math.Abs(float64(v)))
		}
		for _, v := range c.r[i : i+win] {
			m = max(m, math.Abs(float64(v)))
		}
		env = append(env, m)
		peak = max(peak, m)
	}
	hits, lastHit := 0, -100
	for i, e := range env {
		before := 0.0
		if i >= 3 {
			before = env[i-3]
		}
		if e > 0.2*peak && e > 2.5*before && i-lastHit > 15 {
			hits++
			lastHit = i
		}
	}
	return hits
}

func TestAPIWithoutDevice(t *testing.T) {
	// Nothing here may panic or block, with or without a sound device.
	Play(Clatter4) // before Resume: silent
	Play(Sound(-1))
	Play(numSounds)

	SetVolume(0.5)
	if got := Volume(); got != 0.5 {
		t.Errorf("Volume() = %v after SetVolume(0.5)", got)
	}
	SetVolume(7)
	if got := Volume(); got != 1 {
		t.Errorf("Volume() = %v after SetVolume(7), want 1", got)
	}
	SetVolume(-2)
	if got := Volume(); got != 0 {
		t.Errorf("Volume() = %v after SetVolume(-2), want 0", got)
	}
	SetVolume(math.NaN())
	if got := Volume(); got != 0 {
		t.Errorf("Volume() = %v after SetVolume(NaN), want it unchanged (0)", got)
	}
	SetVolume(defaultVolume)

	SetMuted(true)
	if !Muted() {
		t.Error("Muted() = false after SetMuted(true)")
	}
	Play(Step)
	SetMuted(false)
	if Muted() {
		t.Error("Muted() = true after SetMuted(false)")
	}

	Resume()
	Resume()
	for s := Sound(0); s < numSounds; s++ {
		Play(s)
	}
}

func TestSoundString(t *testing.T) {
	if got := Ghoula.String(); got != "Ghoula" {
		t.Errorf("Ghoula.String() = %q", got)
	}
	if got := Sound(42).String(); got != "Sound(42)" {
		t.Errorf("Sound(42).String() = %q", got)
	}
}

// writeWAV writes c as a 16-bit stereo WAV file.
func writeWAV(t *testing.T, path string, c clip) {
	t.Helper()
	var b bytes.Buffer
	le := func(v any) {
		switch v := v.(type) {
		case uint32:
			b.Write([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)})
		case uint16:
			b.Write([]byte{byte(v), byte(v >> 8)})
		}
	}
	data := uint32(len(c.l) * 4)
	b.WriteString("RIFF")
	le(36 + data)
	b.WriteString("WAVEfmt ")
	le(uint32(16))
	le(uint16(1))
	le(uint16(2))
	le(uint32(SampleRate))
	le(uint32(SampleRate * 4))
	le(uint16(4))
	le(uint16(16))
	b.WriteString("data")
	le(data)
	for i := range c.l {
		le(uint16(int16(c.l[i] * 32767)))
		le(uint16(int16(c.r[i] * 32767)))
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkSynthesizeAll(b *testing.B) {
	for b.Loop() {
		for s := Sound(0); s < numSounds; s++ {
			synthesize(s).bytes()
		}
	}
}
