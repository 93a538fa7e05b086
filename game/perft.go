package game

// Perft counts the legal move sequences of length depth from s (s is left as it
// was). It works through the State interface, one scratch state per level, so it
// allocates only at the start.
func Perft(s State, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	scratch := make([]State, depth)
	moves := make([][]Move, depth)
	for i := range scratch {
		scratch[i] = s.Clone()
	}
	return perft(s, depth, scratch, moves)
}

func perft(s State, depth int, scratch []State, moves [][]Move) uint64 {
	moves[0] = s.LegalMoves(moves[0][:0])
	if depth == 1 {
		return uint64(len(moves[0]))
	}
	var n uint64
	child := scratch[0]
	for _, m := range moves[0] {
		child.CopyFrom(s)
		child.Apply(m)
		n += perft(child, depth-1, scratch[1:], moves[1:])
	}
	return n
}
