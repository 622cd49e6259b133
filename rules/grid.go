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

// GridFromSouth is the Grid of a board of cells places, Cols×Rows, where at gives each cell's
// column from the left and row counted from South's edge (0 nearest South): the games number
// their rows from the first player's side, and the players see that side at the bottom.
func GridFromSouth(cols, rows, cells int, at func(cell int) (col, rowFromSouth int)) Grid {
	g := Grid{Cols: cols, Rows: rows, Spots: make([]Spot, cells)}
	for i := range g.Spots {
		c, r := at(i)
		g.Spots[i] = Spot{Col: c, Row: rows - 1 - r}
	}
	return g
}
