package game

import "math/bits"

// Rand is a small, fast pseudo-random generator (wyrand) for playouts and tests. Its
// zero value works; Seed makes sequences reproducible. It is not safe for concurrent
// use: give each goroutine its own.
type Rand struct{ s uint64 }

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) *Rand { return &Rand{s: seed} }

// Seed restarts the sequence.
func (r *Rand) Seed(seed uint64) { r.s = seed }

// Uint64 returns 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// Intn returns a number in [0, n); n must be positive. The tiny bias of the
// multiply-shift reduction (below 2⁻³² for the move counts here) does not matter for
// playouts.
func (r *Rand) Intn(n int) int {
	hi, _ := bits.Mul64(r.Uint64(), uint64(n))
	return int(hi)
}
