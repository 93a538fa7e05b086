package ai

import (
	"context"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// resident is the process's resident memory in bytes, from /proc.
func resident(t *testing.T) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip("no /proc/self/statm:", err)
	}
	f := strings.Fields(string(b))
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return pages * int64(os.Getpagesize())
}

// TestTreeMemory: a search's tree costs the memory of the nodes it grew, not
// of the arena it reserved (256 MB), with one thread and with two, and
// Release gives it back at once.
func TestTreeMemory(t *testing.T) {
	if !mapped {
		t.Skip("the trees are in Go's heap in this build")
	}
	pos := midgamePositions(t, "attangle", "")[0]
	for _, th := range []int{1, 2} {
		e := NewMCTS("m", Config{Playouts: 20_000 / th, Prior: defaultPrior, Heavy: TopHeavy, Threads: th})
		// Go's heap handed back to the system while the search runs would hide
		// the tree's growth: give it back first.
		debug.FreeOSMemory()
		before := resident(t)
		inf := e.Choose(context.Background(), pos)
		grown := resident(t) - before
		tree := int64(inf.Nodes * nodeSize)
		if grown > tree+32<<20 || grown < tree/2 {
			t.Errorf("%d threads: resident memory grew %d MB for a tree of %d MB", th, grown>>20, tree>>20)
		}
		debug.FreeOSMemory()
		before = resident(t)
		Release(e)
		freed := before - resident(t)
		t.Logf("%d threads: a tree of %d nodes, %d MB; resident memory grew %d MB, Release gave back %d MB", th, inf.Nodes, tree>>20, grown>>20, freed>>20)
		if freed < tree*3/4 {
			t.Errorf("%d threads: Release gave back %d MB of a tree of %d MB", th, freed>>20, tree>>20)
		}
	}
}
