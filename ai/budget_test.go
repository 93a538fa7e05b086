package ai

import (
	"context"
	"testing"
	"time"
	"unsafe"
)

// TestWithBudget: a view with a budget searches that budget, on the engine's
// own tree, and leaves the engine's level budget as it was.
func TestWithBudget(t *testing.T) {
	pos := midgamePositions(t, "attangle", "")[0]
	e, err := NewLevel(3, 1)
	if err != nil {
		t.Fatal(err)
	}
	WithThreads(e, 1)
	if inf := WithBudget(e, Budget{Playouts: 700}).Choose(context.Background(), pos); inf.Playouts != 700 {
		t.Errorf("Budget{Playouts: 700}: %d playouts", inf.Playouts)
	}
	if m := monteCarlo(e); m.cfg.Playouts != Levels[3].Playouts || m.cfg.Time != Levels[3].Time {
		t.Errorf("the level's budget changed: %+v", m.cfg)
	}
	// The same tree: the next search from the same position starts with
	// what the first grew.
	if inf := WithBudget(e, Budget{Playouts: 10}).Choose(context.Background(), pos); inf.Nodes <= 10 {
		t.Errorf("a second search of 10 playouts on the kept tree has %d nodes", inf.Nodes)
	}
	// Nothing but a cancel stops a search without a budget.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Info)
	go func() { done <- WithBudget(e, Budget{}).Choose(ctx, pos) }()
	cancel()
	if inf := <-done; !pos.IsLegal(inf.Move) {
		t.Errorf("the cancelled search answered %v", inf.Move)
	}
	Release(e)

	// Alpha-beta: a depth and a node count.
	an := midgamePositions(t, "andantino", "")[0]
	ab, _ := NewLevel(5, 1)
	WithThreads(ab, 1)
	if inf := WithBudget(ab, Budget{Depth: 3}).Choose(context.Background(), an); inf.Depth != 3 {
		t.Errorf("Budget{Depth: 3}: depth %d", inf.Depth)
	}
	if inf := WithBudget(ab, Budget{Nodes: 5000, Time: time.Minute}).Choose(context.Background(), an); inf.Nodes < 5000 || inf.Nodes > 5000+5000/2 {
		t.Errorf("Budget{Nodes: 5000}: %d nodes", inf.Nodes)
	}
	Release(ab)
}

// TestSetMemory: the hash option sizes the tree's arena and the table.
func TestSetMemory(t *testing.T) {
	e, _ := NewLevel(5, 1)
	SetMemory(e, 16)
	a := e.(*abEngine)
	if a.fallback.s.maxNodes != 16<<20/nodeSize {
		t.Errorf("a 16 MB tree holds %d nodes", a.fallback.s.maxNodes)
	}
	an := midgamePositions(t, "andantino", "")[0]
	WithBudget(e, Budget{Nodes: 1000}).Choose(context.Background(), an)
	if got := len(a.ab.tt.buckets) * int(unsafe.Sizeof(abBucket{})); got > 16<<20 || got <= 8<<20 {
		t.Errorf("a 16 MB table takes %d bytes", got)
	}
	Release(e)
}
