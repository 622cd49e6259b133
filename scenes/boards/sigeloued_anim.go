package boards

import (
	"math"

	"sig/audio"
	"sig/rules"
	"sig/rules/sigeloued"
	"sig/scenes/lang"
	"sig/scenes/stage"
)

// Sig El Oued's timings at normal speed (docs/conventions.md).
const (
	elOuedStepTime    = 0.12 // a piece stepping one square, eased
	elOuedCaptureTime = 0.3  // a captured piece lifts, shrinks and flies to the captor's tray
	elOuedPopTime     = 0.3  // what a throw means pops up in the banner
	elOuedLostTime    = 0.6  // "no piece can use the 3"
	elOuedFadeTime    = 0.15 // reduced motion: a piece fades out here and in there
)

// Animate replays ev: the banner says what each throw means, pieces step square by square,
// freed pieces stand up as they leave, captured ones fly to their captor's tray.
func (b *elOuedBoard) Animate(q *stage.Queue, before, after rules.State, ev rules.Events) {
	bw, ok := elOuedRead(before)
	if !ok {
		return
	}
	if !b.sameAs(bw) {
		b.load(bw)
	}
	// The plan follows the pieces through the events as the steps will move them.
	type plan struct {
		sq    int
		freed bool
	}
	var at [sigeloued.Players][sigeloued.Pieces]plan
	for p := range sigeloued.Players {
		for id := range at[p] {
			at[p][id].sq = -1
		}
		for id := range at[p] {
			if bw.sq[p][id] >= 0 {
				at[p][id] = plan{bw.sq[p][id], bw.freed[p][id]}
			}
		}
	}
	taken := bw.captured
	reduced := b.env.Reduced
	var lit []int
	litAdd := func(sq int) {
		for _, x := range lit {
			if x == sq {
				return
			}
		}
		lit = append(lit, sq)
	}
	// From now until the next Sync the picture is in motion: no picking marks. While the
	// sticks are still in the air (their tumble is queued before these steps) the banner says so.
	b.busy, b.picked, b.inChoice, b.note, b.pop = true, -1, false, "", 1
	b.lit = nil
	b.line = "…"
	if len(ev) > 0 && ev[0].Kind == rules.EvThrow {
		b.line = say(b.env, ev[0].Player, "oued.throwing")
	}
	for i := 0; i < len(ev); i++ {
		e := ev[i]
		pl := e.Player & 1
		switch e.Kind {
		case rules.EvThrow:
			m := sigeloued.MeaningOf(before.(*sigeloued.State), e.Count)
			text, lastKey := elOuedMeaning(m), elOuedLastKey(m)
			who := e.Player
			b.banner1(q, text, elOuedPopTime, func() { b.meaning, b.meantBy, b.lastKey = text, who, lastKey })
		case rules.EvNoMove:
			b.banner1(q, lang.T("oued.lost", e.Value), elOuedLostTime, nil)
		case rules.EvFreeAll:
			b.banner1(q, lang.N("oued.freeall", e.Count, e.Count), elOuedPopTime, nil)
		case rules.EvStep:
			if e.Piece < 0 || e.Piece >= sigeloued.Pieces {
				continue
			}
			// A run of steps of one piece.
			j := i
			for j+1 < len(ev) && ev[j+1].Kind == rules.EvStep && ev[j+1].Player == e.Player && ev[j+1].Piece == e.Piece {
				j++
			}
			pc := &b.pieces[pl][e.Piece]
			wasFreed := at[pl][e.Piece].freed
			for k := i; k <= j; k++ {
				from, to := elOuedEnds(ev[k])
				if k == i {
					litAdd(from)
				}
				if k == j {
					litAdd(to)
				}
				if reduced {
					continue
				}
				f0, f1 := 1.0, 1.0
				if k == i && !wasFreed {
					f0 = 0
				}
				q.Add(stage.Step{
					Dur: elOuedStepTime,
					Start: func() {
						*pc = elOuedPiece{from: elOuedPlace{sq: from}, to: elOuedPlace{sq: to}, hop: 0.35, freed: f0, alpha: 1}
						audio.Play(audio.Step)
					},
					Run: func(t float64) {
						pc.t = stage.Ease(t)
						pc.freed = f0 + (f1-f0)*math.Min(1, t*1.5)
						if t >= 1 {
							pc.from, pc.t = pc.to, 0
						}
					},
				})
			}
			if reduced {
				from, _ := elOuedEnds(ev[i])
				_, to := elOuedEnds(ev[j])
				q.Add(stage.Step{
					Dur:   elOuedFadeTime * 2,
					Start: func() { audio.Play(audio.Step) },
					Run: func(t float64) {
						*pc = elOuedPiece{from: elOuedPlace{sq: from}, to: elOuedPlace{sq: from}, freed: 1, alpha: 1 - 2*t}
						if t >= 0.5 {
							*pc = elOuedPiece{from: elOuedPlace{sq: to}, to: elOuedPlace{sq: to}, freed: 1, alpha: 2*t - 1}
						}
					},
				})
			}
			_, end := elOuedEnds(ev[j])
			at[pl][e.Piece] = plan{end, true}
			i = j
		case rules.EvCaptured:
			victim := 1 - pl
			if e.Piece < 0 || e.Piece >= sigeloued.Pieces {
				continue
			}
			vc := &b.pieces[victim][e.Piece]
			sq, _ := elOuedEnds(e)
			slot, captor := taken[pl], pl
			taken[pl]++
			f := 0.0
			if at[victim][e.Piece].freed {
				f = 1
			}
			at[victim][e.Piece].sq = -1
			dst := elOuedPlace{tray: true, captor: captor, slot: slot}
			dur, hop := elOuedCaptureTime, 1.2
			if reduced {
				dur, hop = elOuedFadeTime*2, 0
			}
			q.Add(stage.Step{
				Dur: dur,
				Start: func() {
					*vc = elOuedPiece{from: elOuedPlace{sq: sq}, to: dst, hop: hop, freed: f, alpha: 1}
					audio.Play(audio.Capture)
				},
				Run: func(t float64) {
					if reduced {
						vc.alpha = math.Abs(1 - 2*t)
						vc.t = 0
						if t >= 0.5 {
							vc.t = 1
						}
					} else {
						// Lift first, then fly.
						vc.t = stage.Ease(t)
					}
					if t >= 1 {
						vc.from, vc.t, vc.alpha = dst, 0, 1
						b.taken[captor] = slot + 1
					}
				},
			})
		case rules.EvGameOver:
			text := lang.T("log.over")
			if en, ok := after.(rules.Ender); ok {
				switch out := en.Outcome(); {
				case len(out.Winners) == 1:
					text = say(b.env, out.Winners[0], "oued.alltaken")
				case out.Draw:
					text = lang.N("oued.drawn", sigeloued.QuietLimit, sigeloued.QuietLimit)
				}
			}
			b.banner1(q, text, elOuedPopTime, nil)
		}
	}
	if len(lit) > 0 {
		final := after.Clone()
		q.Add(stage.Step{Start: func() { b.lit, b.litFor = lit, final }})
	}
}

// sameAs reports whether the picture shows w's pieces already (so an animation starts from it).
func (b *elOuedBoard) sameAs(w elOuedView) bool {
	if b.taken != w.captured {
		return false
	}
	for p := range sigeloued.Players {
		for id, sq := range w.sq[p] {
			if sq < 0 {
				continue
			}
			v := b.pieces[p][id]
			if v.gone || v.from.tray || v.from.sq != sq || v.t != 0 {
				return false
			}
		}
	}
	return true
}

// banner1 queues the banner's main line popping up as text, held for dur.
func (b *elOuedBoard) banner1(q *stage.Queue, text string, dur float64, start func()) {
	q.Add(stage.Step{
		Dur: dur,
		Start: func() {
			b.line, b.pop = text, 0
			if start != nil {
				start()
			}
		},
		Run: func(t float64) { b.pop = math.Min(1, t*2.5) },
	})
}
