package ai

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// region is a large block of memory for a tree's arena or a table, mapped
// outside Go's heap where the system allows (hugetable_linux.go): pages no
// search touches cost nothing, and free gives the block back at once. A
// region nothing refers to any more is given back after a garbage
// collection, so that an engine dropped without Release leaks nothing.
type region struct {
	raw, mem []byte
	cleanup  runtime.Cleanup
}

// regionBytes counts the bytes regions hold, touched or not.
var regionBytes atomic.Int64

// collectAbove: past this many bytes in regions, touched or not, a new region
// first runs the garbage collector, which gives back the regions of engines
// dropped without Release (the tests make hundreds, the arena command two a
// game): Go's heap is small beside them, and would rarely collect by itself.
// An engine reserves about 320 MB (a tree's arena, 256 MB, and alpha-beta's
// table, 64 MB); the window releases its engines and stays below.
const collectAbove = 2 << 30

// mapping is what a region's cleanup needs: not the region itself.
type mapping struct {
	raw  []byte
	size int
}

func unmap(m mapping) {
	unmapBig(m.raw)
	regionBytes.Add(-int64(m.size))
}

// newRegion maps size bytes, zeroed.
func newRegion(size int) *region {
	if regionBytes.Load()+int64(size) > collectAbove {
		runtime.GC()
	}
	r := &region{}
	r.raw, r.mem = mapBig(size)
	regionBytes.Add(int64(size))
	r.cleanup = runtime.AddCleanup(r, unmap, mapping{r.raw, size})
	return r
}

// free gives r's memory back now; nothing may use it after.
func (r *region) free() {
	if r == nil || r.mem == nil {
		return
	}
	r.cleanup.Stop()
	unmap(mapping{r.raw, len(r.mem)})
	r.raw, r.mem = nil, nil
}

const nodeSize = int(unsafe.Sizeof(node{}))

// newNodes returns an arena of n nodes, empty, in a region of its own.
func newNodes(n int) (*region, []node) {
	r := newRegion(max(n, 1) * nodeSize)
	return r, unsafe.Slice((*node)(unsafe.Pointer(unsafe.SliceData(r.mem))), max(n, 1))[:0]
}

// idle lets an engine's memory be released while a search may be running on
// another goroutine (a cancelled search still finishing): release frees at
// once when no search runs, else when the running one ends.
type idle struct {
	mu      sync.Mutex
	running int
	pending func()
}

// enter marks a search running.
func (g *idle) enter() {
	g.mu.Lock()
	g.running++
	g.mu.Unlock()
}

// leave marks it ended, and runs a release that waited for it.
func (g *idle) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.running--; g.running == 0 && g.pending != nil {
		g.pending()
		g.pending = nil
	}
}

// release runs free now when no search runs, else when the last one ends.
func (g *idle) release(free func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.running > 0 {
		g.pending = free
		return
	}
	free()
}
