package sadeqa

import (
	"math"

	"sig/rules"
)

// The heuristic's weights, fitted by least squares to the final score difference over some
// 19,000 positions of games between two-ply searchers, then checked in play: a two-ply search
// with them beat one counting the score alone by 127 to 69 (116 to 79 at three plies).
var (
	// waranaWeight is what a warana in the opponent's hole k (index k-1) is worth to its owner,
	// in seeds, when 40 seeds are still free. It follows the source's advice: a warana in the
	// opponent's first hole fills with the owner's own sowings and is hard for the opponent to
	// reach; further along, the opponent ends sowings in it easily and empties it two seeds at a
	// time, each with a bonus move.
	waranaWeight = [RowHoles]float64{10, 2, 1, -1.5, -6, -6.5, -9, -13.5, -15, -17.5}
	// threeWeight: an opponent's hole holding three is a warana in reach.
	threeWeight = 0.45
	// rowWeight: seeds in one's own row (slightly a burden: they feed the opponent's waranas).
	rowWeight = -0.2
	// tempo: being the one to act.
	tempo = 3.0
	// evalScale: seeds of advantage that make tanh reach 0.76.
	evalScale = 20.0
)

// Evaluate estimates player p's prospects in [-1, 1]: once the game is over 1 won, -1 lost, 0
// drawn; before, the score difference, plus what each warana is likely to bring its owner
// given where it stands and how many seeds are still free, plus small terms for waranas in
// reach, seeds in one's row and the move, squashed by tanh into (-1, 1).
func (s *State) Evaluate(p int) float64 {
	if s.phase == rules.PhaseOver {
		sc := s.Scores()
		switch {
		case sc[p] > sc[1-p]:
			return 1
		case sc[p] < sc[1-p]:
			return -1
		}
		return 0
	}
	return math.Tanh(s.heuristic(p) / evalScale)
}

// heuristic is player p's expected advantage in seeds.
func (s *State) heuristic(p int) float64 {
	var score, row, three [2]float64
	var waranas float64
	score[0], score[1] = float64(s.captured[0]), float64(s.captured[1])
	for i := range Holes {
		c := float64(s.holes.get(i))
		if o := s.Warana(i); o >= 0 {
			score[o] += c
			if o == p {
				waranas += waranaWeight[i%RowHoles]
			} else {
				waranas -= waranaWeight[i%RowHoles]
			}
			continue
		}
		row[i/RowHoles] += c
		if c == 3 {
			three[i/RowHoles]++
		}
	}
	q := 1 - p
	v := score[p] - score[q]
	v += waranas * (row[0] + row[1]) / 40
	v += threeWeight*(three[q]-three[p]) + rowWeight*(row[p]-row[q])
	if int(s.toMove) == p {
		v += tempo
	} else {
		v -= tempo
	}
	return v
}
