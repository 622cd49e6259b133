package audio

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// wavDir, when set, writes every sound as a WAV file there, to listen to or look at
// (go test ./audio -run TestSynthesis -wav /tmp/sounds).
var wavDir = flag.String("wav", "", "write the synthesized sounds as WAV files into this folder")

// soundSpecs is what each sound must measure, from what it is meant to be rather than from the
// numbers that make it: its length; where its strongest frequency lies (a wooden stick rings
// near a kilohertz, a soft knock a few hundred hertz, a pebble a few kilohertz, a falling body
// below 200 Hz); whether it rings at a pitch (a struck thing) or hisses (the Ghoula); how fast
// it reaches its loudest (a hit at once, the Ghoula's breath swelling); and how many distinct
// hits are heard.
var soundSpecs = []struct {
	sound            Sound
	minSecs, maxSecs float64
	pitchLo, pitchHi float64 // Hz: the strongest component of the spectrum lies here
	rings            bool    // a pitch well above the rest of the spectrum (not a hiss)
	loudestLo        float64 // seconds: the loudest millisecond comes no earlier …
	loudestHi        float64 // … and no later
	clicks           int     // distinct hits heard, 0: not counted (a hiss)
}{
	{Clatter4, 0.2, 0.5, 700, 1600, true, 0, 0.010, 4},
	{Clatter6, 0.3, 0.6, 700, 1600, true, 0, 0.010, 6},
	{Step, 0.05, 0.2, 200, 500, true, 0, 0.010, 1},
	{Seed, 0.04, 0.15, 2000, 5000, true, 0, 0.002, 0},
	{Capture, 0.15, 0.5, 40, 200, true, 0, 0.015, 0},
	{Ghoula, 0.4, 1.0, 1000, 4000, false, 0.08, 0.30, 0},
	{Click, 0.01, 0.06, 1000, 3000, true, 0, 0.002, 1},
}

// Loudness against full scale (a sample of ±1), the same for every sound: the loudest sample
// leaves headroom below full scale (so resampling and mixing two sounds do not clip at once)
// yet is no quieter than −12 dBFS; the RMS over the sound lies between −30 dBFS (still heard
// under a game's other sounds) and −10 dBFS (a full-scale sine is −3 dBFS: a game's short
// sounds sit well under it). The ring dies away: the last fifth of a sound stays under −20 dB
// of its loudest moment.
const (
	maxPeak      = 0.95  // −0.45 dBFS
	minPeak      = 0.251 // −12 dBFS
	minRMS       = 0.0316
	maxRMS       = 0.316
	maxTail      = 0.1 // of the loudest millisecond
	minRingRatio = 20  // the strongest frequency against the spectrum's median: a ring above, a hiss below
)

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
			if peak < minPeak || peak > maxPeak {
				t.Errorf("loudest sample %.3f (%.1f dBFS), want %.3f … %.3f", peak, dB(peak), minPeak, maxPeak)
			}
			if rms := math.Sqrt(sum / float64(2*len(c.l))); rms < minRMS || rms > maxRMS {
				t.Errorf("RMS %.4f (%.1f dBFS), want %.4f … %.4f (−30 … −10 dBFS)", rms, dB(rms), minRMS, maxRMS)
			}
			last := len(c.l) - 1
			if c.l[last] != 0 || c.r[last] != 0 {
				t.Errorf("ends on %v/%v, want silence (no click at the end)", c.l[last], c.r[last])
			}

			env := envelope(c)
			loudest := 0
			for i, e := range env {
				if e > env[loudest] {
					loudest = i
				}
			}
			if at := float64(loudest) / 1000; at < spec.loudestLo || at > spec.loudestHi {
				t.Errorf("loudest at %.0f ms, want %.0f … %.0f ms", at*1000, spec.loudestLo*1000, spec.loudestHi*1000)
			}
			if spec.loudestLo > 0 && env[0] > 0.25*env[loudest] {
				t.Errorf("starts at %.0f%% of its loudest: a swell starts soft", 100*env[0]/env[loudest])
			}
			var tail float64
			for _, e := range env[len(env)*4/5:] {
				tail = max(tail, e)
			}
			if tail > maxTail*env[loudest] {
				t.Errorf("its last fifth reaches %.0f%% of its loudest: it does not die away", 100*tail/env[loudest])
			}

			f, ratio := strongest(c, 0, len(c.l))
			if f < spec.pitchLo || f > spec.pitchHi {
				t.Errorf("strongest frequency %.0f Hz, want %.0f … %.0f Hz", f, spec.pitchLo, spec.pitchHi)
			}
			if spec.rings && ratio < minRingRatio {
				t.Errorf("its strongest frequency is %.1f× the spectrum's median, want a ring (%d×)", ratio, minRingRatio)
			}
			if !spec.rings && ratio >= minRingRatio {
				t.Errorf("its strongest frequency is %.1f× the spectrum's median: a hiss has no pitch", ratio)
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

// The Ghoula's breath goes from a sharp "hhh" to a duller "haa": the centre of its spectrum in
// its first 150 ms lies well above that of its last 150 ms. The capture's pitch sags as the body
// falls: its strongest frequency in the first 30 ms is above that 100 ms later.
func TestSynthesisChangesColour(t *testing.T) {
	const ms = SampleRate / 1000
	g := synthesize(Ghoula)
	early, late := centroid(g, 0, 150*ms), centroid(g, len(g.l)-150*ms, len(g.l))
	if early < 1.25*late {
		t.Errorf("the Ghoula's breath centres on %.0f Hz at first and %.0f Hz at the end, want it duller by a quarter at least", early, late)
	}
	c := synthesize(Capture)
	first, _ := strongest(c, 0, 30*ms)
	later, _ := strongest(c, 100*ms, 130*ms)
	if first <= later {
		t.Errorf("the capture's thud is strongest at %.0f Hz at first and %.0f Hz 100 ms later, want it to sag", first, later)
	}
}

// dB is v (a sample's size, full scale 1) in decibels below full scale.
func dB(v float64) float64 { return 20 * math.Log10(v) }

// envelope is the loudest sample of either channel in each millisecond of c.
func envelope(c clip) []float64 {
	const win = SampleRate / 1000
	var env []float64
	for i := 0; i+win <= len(c.l); i += win {
		var m float64
		for j := i; j < i+win; j++ {
			m = max(m, math.Abs(float64(c.l[j])), math.Abs(float64(c.r[j])))
		}
		env = append(env, m)
	}
	return env
}

// spectrumStep and spectrumTop are the frequencies the spectrum is read at: every 25 Hz from
// 50 Hz to 8 kHz, where all of the sounds' colour lies.
const spectrumStep, spectrumBottom, spectrumTop = 25.0, 50.0, 8000.0

// spectrum is the size of samples [from, to) of c (both channels together) at each of the
// spectrum's frequencies, a discrete Fourier transform at those frequencies alone, each by
// Goertzel's recurrence.
func spectrum(c clip, from, to int) (freqs, mags []float64) {
	for f := spectrumBottom; f <= spectrumTop; f += spectrumStep {
		k := 2 * math.Cos(2*math.Pi*f/SampleRate)
		var s1, s2 float64
		for i := from; i < to; i++ {
			s1, s2 = float64(c.l[i])+float64(c.r[i])+k*s1-s2, s1
		}
		freqs = append(freqs, f)
		mags = append(mags, math.Sqrt(max(0, s1*s1+s2*s2-k*s1*s2)))
	}
	return freqs, mags
}

// strongest is the frequency where samples [from, to) of c are strongest, and how many times
// the spectrum's median that strength is.
func strongest(c clip, from, to int) (freq, ratio float64) {
	freqs, mags := spectrum(c, from, to)
	best := 0
	for i, m := range mags {
		if m > mags[best] {
			best = i
		}
	}
	sorted := slices.Clone(mags)
	slices.Sort(sorted)
	return freqs[best], mags[best] / sorted[len(sorted)/2]
}

// centroid is the centre of the power spectrum of samples [from, to) of c, in hertz.
func centroid(c clip, from, to int) float64 {
	freqs, mags := spectrum(c, from, to)
	var num, den float64
	for i, m := range mags {
		num += freqs[i] * m * m
		den += m * m
	}
	return num / den
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
