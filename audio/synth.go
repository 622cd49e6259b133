package audio

import (
	"encoding/binary"
	"math"
)

// The sounds are built from two gestures. A wooden or stony hit is a few exponentially decaying
// sine modes (a struck bar rings at roughly 1 : 2.76 : 5.40 of its fundamental) with a
// millisecond of noise for the contact. The Ghoula's breath is noise through a swept
// band-pass filter. Everything is generated once, deterministically (a fixed seed per sound),
// so the same build always sounds the same and the tests can measure it.

// clip is a stereo sound being built, one float32 per sample and channel.
type clip struct {
	l, r []float32
}

func newClip(seconds float64) clip {
	n := int(seconds * SampleRate)
	return clip{l: make([]float32, n), r: make([]float32, n)}
}

// seconds is the clip's length in seconds.
func (c clip) seconds() float64 { return float64(len(c.l)) / SampleRate }

// mode is one resonance of a struck object.
type mode struct {
	freq  float64 // Hz
	decay float64 // seconds for the amplitude to fall by e
	amp   float64
}

// barModes are the first three modes of a free wooden bar with fundamental f, each dying
// faster than the one below, which is what makes a stick sound dry.
func barModes(f, decay float64) []mode {
	return []mode{
		{f, decay, 1},
		{f * 2.756, decay * 0.55, 0.55},
		{f * 5.404, decay * 0.3, 0.3},
	}
}

// strike adds a hit at time at (seconds): the modes ring, and a short burst of noise (contact)
// colours the attack. pan is -1 (left) … 1 (right); attack is the rise time in seconds (a soft
// tap rises slower than a click).
//
// Each mode is a phasor turned and shrunk a little every sample (one complex multiplication)
// rather than a sine and an exponential computed afresh: the same samples, many times cheaper,
// which matters in the browser, where synthesis runs before the first frame.
func (c clip) strike(at float64, modes []mode, gain, pan, attack, contact float64, rng *noise) {
	start := int(at * SampleRate)
	gl, gr := panGains(pan)
	var longest float64
	for _, m := range modes {
		longest = max(longest, m.decay)
	}
	n := min(len(c.l)-start, int(longest*7*SampleRate))
	type phasor struct{ re, im, stepRe, stepIm float64 }
	ps := make([]phasor, len(modes))
	for k, m := range modes {
		ph := rng.float() * 2 * math.Pi
		w := 2 * math.Pi * m.freq / SampleRate
		shrink := math.Exp(-1 / (m.decay * SampleRate))
		ps[k] = phasor{m.amp * math.Cos(ph), m.amp * math.Sin(ph), shrink * math.Cos(w), shrink * math.Sin(w)}
	}
	contactEnv, contactShrink := contact, math.Exp(-1/(0.0012*SampleRate))
	attackN := attack * SampleRate
	var lp float64 // one-pole low-pass state for the contact noise
	for i := 0; i < n; i++ {
		var v float64
		for k := range ps {
			p := &ps[k]
			v += p.im
			p.re, p.im = p.re*p.stepRe-p.im*p.stepIm, p.re*p.stepIm+p.im*p.stepRe
		}
		lp += 0.35 * (rng.signed() - lp)
		v += contactEnv * lp
		contactEnv *= contactShrink
		if fi := float64(i); fi < attackN {
			v *= fi / attackN
		}
		v *= gain
		c.l[start+i] += float32(v * gl)
		c.r[start+i] += float32(v * gr)
	}
}

// panGains is an equal-power pan law.
func panGains(pan float64) (l, r float64) {
	theta := (pan + 1) * math.Pi / 4
	return math.Cos(theta), math.Sin(theta)
}

// normalize scales the clip so its loudest sample is peak, then fades the last few
// milliseconds to silence so no sound ends on a click.
func (c clip) normalize(peak float64) {
	var m float64
	for i := range c.l {
		m = max(m, math.Abs(float64(c.l[i])), math.Abs(float64(c.r[i])))
	}
	if m == 0 {
		return
	}
	g := peak / m
	fade := min(len(c.l), int(0.006*SampleRate))
	for i := range c.l {
		f := g
		if k := len(c.l) - 1 - i; k < fade {
			f *= float64(k) / float64(fade)
		}
		c.l[i] = float32(float64(c.l[i]) * f)
		c.r[i] = float32(float64(c.r[i]) * f)
	}
}

// bytes is the clip as interleaved 32-bit float little-endian stereo, the format of
// Ebitengine's NewPlayerF32.
func (c clip) bytes() []byte {
	b := make([]byte, len(c.l)*8)
	for i := range c.l {
		binary.LittleEndian.PutUint32(b[i*8:], math.Float32bits(c.l[i]))
		binary.LittleEndian.PutUint32(b[i*8+4:], math.Float32bits(c.r[i]))
	}
	return b
}

// noise is a small xorshift generator: each sound has its own fixed seed, so synthesis never
// touches a global random source and always gives the same samples.
type noise struct{ s uint32 }

func (n *noise) next() uint32 {
	n.s ^= n.s << 13
	n.s ^= n.s >> 17
	n.s ^= n.s << 5
	return n.s
}

// float is uniform in [0, 1).
func (n *noise) float() float64 { return float64(n.next()>>8) / (1 << 24) }

// signed is uniform in [-1, 1).
func (n *noise) signed() float64 { return n.float()*2 - 1 }

// between is uniform in [a, b).
func (n *noise) between(a, b float64) float64 { return a + (b-a)*n.float() }

// synthesize builds sound s.
func synthesize(s Sound) clip {
	switch s {
	case Clatter4:
		return clatter(4, 0x5147_0004)
	case Clatter6:
		return clatter(6, 0x5147_0006)
	case Step:
		return step()
	case Seed:
		return seed()
	case Capture:
		return capture()
	case Ghoula:
		return ghoula()
	case Click:
		return click()
	}
	panic("audio: synthesize of unknown " + s.String())
}

// clatterGap is the spacing between two sticks landing, and clatterTail the ring after the
// last one: the clicks of one throw stay distinct, and the whole burst stays under half a second.
const (
	clatterLead = 0.004
	clatterGap  = 0.045
	clatterJit  = 0.030
	clatterTail = 0.14
)

// clatter is n sticks landing: n distinct wooden clicks, each stick a little different in
// pitch and place, louder first and settling.
func clatter(n int, seed uint32) clip {
	rng := &noise{seed}
	at := make([]float64, n)
	t := clatterLead
	for i := range at {
		at[i] = t
		t += clatterGap + rng.float()*clatterJit
	}
	c := newClip(at[n-1] + clatterTail)
	for i, when := range at {
		f := rng.between(820, 1250)
		gain := 1 - 0.45*float64(i)/float64(n)
		c.strike(when, barModes(f, 0.022), gain, rng.between(-0.6, 0.6), 0.0002, 0.9, rng)
	}
	c.normalize(0.8)
	return c
}

// step is a piece set down one space on: a soft, low knock.
func step() clip {
	rng := &noise{0x5147_0101}
	c := newClip(0.11)
	c.strike(0, []mode{{310, 0.022, 1}, {780, 0.011, 0.45}, {1530, 0.005, 0.15}}, 1, 0, 0.0025, 0.35, rng)
	c.normalize(0.55)
	return c
}

// seed is a seed or pebble dropped into a hole: a bright, stony click and one small rattle.
func seed() clip {
	rng := &noise{0x5147_0202}
	c := newClip(0.09)
	c.strike(0, []mode{{2650, 0.010, 1}, {4350, 0.007, 0.6}, {6900, 0.004, 0.3}}, 1, 0.1, 0.0001, 0.6, rng)
	c.strike(0.026, []mode{{2900, 0.006, 1}, {4700, 0.004, 0.5}}, 0.3, 0.15, 0.0001, 0.4, rng)
	c.normalize(0.6)
	return c
}

// capture is a low thud: a body falling, its pitch sagging, with a dull knock on top.
func capture() clip {
	rng := &noise{0x5147_0303}
	c := newClip(0.34)
	var phase, lp float64
	glide, env, knock := 95.0, 1.0, 0.9 // each shrinks by a constant factor a sample
	glideShrink := math.Exp(-1 / (0.035 * SampleRate))
	envShrink := math.Exp(-1 / (0.085 * SampleRate))
	knockShrink := math.Exp(-1 / (0.012 * SampleRate))
	for i := range c.l {
		phase += 2 * math.Pi * (52 + glide) / SampleRate
		lp += 0.08 * (rng.signed() - lp)
		v := env*min(1, float64(i)/(0.003*SampleRate))*math.Sin(phase) + knock*lp
		glide *= glideShrink
		env *= envShrink
		knock *= knockShrink
		c.l[i] += float32(v)
		c.r[i] += float32(v)
	}
	c.strike(0.002, []mode{{190, 0.03, 1}, {470, 0.014, 0.4}}, 0.35, 0, 0.001, 0.2, rng)
	c.normalize(0.9)
	return c
}

// ghoula is the Ghoula's breath: a hiss that swells and falls, its colour sliding from a
// sharp "hhh" to a duller "haa", with a slight tremble, a little menacing and a little funny.
func ghoula() clip {
	rngL, rngR := &noise{0x5147_0404}, &noise{0x5147_0405}
	c := newClip(0.68)
	dur := c.seconds()
	type svf struct{ low, band float64 }
	var fl, fr svf
	// run is one step of a state-variable filter; it returns the band-pass output.
	run := func(s *svf, x, fc, q float64) float64 {
		f := 2 * math.Pi * fc / SampleRate // 2·sin(π·fc/rate), near enough below 4 kHz
		high := x - s.low - q*s.band
		s.band += f * high
		s.low += f * s.band
		return s.band
	}
	// The filter's centre and the loudness move slowly: work them out every block of samples.
	const block = 16
	var fc, env float64
	for i := range c.l {
		if i%block == 0 {
			t := float64(i) / SampleRate
			fc = 1300 + 2100*math.Exp(-t/0.22)
			switch {
			case t < 0.14:
				env = math.Sin(t / 0.14 * math.Pi / 2)
			default:
				env = math.Pow(1-(t-0.14)/(dur-0.14), 1.6)
			}
			env *= 1 + 0.22*math.Sin(2*math.Pi*7*t)
		}
		c.l[i] = float32(env * run(&fl, rngL.signed(), fc, 0.55))
		c.r[i] = float32(env * run(&fr, rngR.signed(), fc*1.04, 0.55))
	}
	c.normalize(0.6)
	return c
}

// click is a menu button: a tiny dry tick.
func click() clip {
	rng := &noise{0x5147_0505}
	c := newClip(0.035)
	c.strike(0, []mode{{1850, 0.005, 1}, {4100, 0.0025, 0.4}}, 1, 0, 0.0001, 0.3, rng)
	c.normalize(0.45)
	return c
}
