//go:build !linux || race

package ai

// Elsewhere than Linux, and in a race build (whose detector sees only Go's
// heap), the trees and tables are Go memory: see hugetable_linux.go.

// mapped: the trees and tables lie outside Go's heap.
const mapped = false

// mapBig returns size bytes of zeroed memory, and no mapping.
func mapBig(size int) (raw, mem []byte) { return nil, make([]byte, size) }

// unmapBig leaves the memory to the garbage collector.
func unmapBig(raw []byte) {}
