package ai

import (
	"math/bits"
	"time"
	"unsafe"
)

// Budget is a search budget set from outside the levels: an engine protocol's
// "go nodes N", "go movetime T", "go depth D" or "go infinite" (all zero).
// A clock is StartOnClock's.
type Budget struct {
	Playouts int           // Monte Carlo playouts; 0 none
	Nodes    int           // alpha-beta nodes; 0 none
	Depth    int           // alpha-beta depth; 0 none (Monte Carlo has no depth)
	Time     time.Duration // wall-clock cap; 0 none
}

// WithBudget returns a view of e that searches with budget b instead of its
// level's, sharing e's tree and table (and so what e learned on earlier
// moves); e itself keeps its level's budget. A budget of all zeros searches
// until it is cancelled (the Monte Carlo search stops at AnalysisPlayouts,
// where its counts stop being exact). An engine that is neither a level nor
// an alpha-beta engine comes back as it is.
func WithBudget(e Engine, b Budget) Engine {
	budgetMC := func(m *mcts) *mcts {
		cp := *m
		cp.perGame = false
		cp.cfg.Playouts, cp.cfg.Time = b.Playouts, b.Time
		if b.Playouts == 0 && b.Time == 0 {
			cp.cfg.Playouts = AnalysisPlayouts
		}
		return &cp
	}
	switch e := e.(type) {
	case *mcts:
		return budgetMC(e)
	case *abEngine:
		cfg := e.cfg
		cfg.Nodes, cfg.Time, cfg.Depth, cfg.Phase = b.Nodes, b.Time, b.Depth, false
		if b.Nodes == 0 && b.Playouts > 0 && b.Depth == 0 {
			// One count for both searches ("go nodes N"): alpha-beta's
			// nodes are some hundred times cheaper than playouts.
			cfg.Nodes = b.Playouts
		}
		o := e
		for o.owner != nil {
			o = o.owner
		}
		return &abEngine{name: e.name, cfg: cfg, fallback: budgetMC(e.fallback), owner: o}
	}
	return e
}

// SetMemory sizes e's tree (Monte Carlo) and table (alpha-beta) to about mb
// megabytes each, for its next searches: an engine protocol's hash option.
// Only one of them fills in a game: Andantino's placement game reads the
// table, the other games the tree. A tree already reserved larger keeps
// its size until it is released.
func SetMemory(e Engine, mb int) {
	bytes := max(mb, 1) << 20
	nodes := min(bytes/nodeSize, 1<<26)
	buckets := 1 << (bits.Len(uint(bytes/int(unsafe.Sizeof(abBucket{})))) - 1)
	switch e := e.(type) {
	case *mcts:
		e.s.maxNodes = nodes
	case *abEngine:
		e.buckets = max(buckets, 1<<10)
		e.fallback.s.maxNodes = nodes
	}
}
