package rules

// Spot is where one cell of a board lies as the board is shown to the players: its column
// counted from the left and its row from the top, with the first player (South) sitting at the
// bottom edge.
type Spot struct{ Col, Row int }

// Grid is the shape of a board of squares or holes set out in rows and columns (Seega, Sig El
// Oued, Sadeqa): Cols×Rows places, and Spots[i] the spot of the game's cell i in the game's own
// numbering (its square or hole index). Each game says its own, so that whatever draws a board
// keeps no copy of a game's geography.
type Grid struct {
	Cols, Rows int
	Spots      []Spot
}

// At is the game's cell at column col and row row, and whether one lies there.
func (g Grid) At(col, row int) (int, bool) {
	for i, s := range g.Spots {
		if s.Col == col && s.Row == row {
			return i, true
		}
	}
	return -1, false
}
