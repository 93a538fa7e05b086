//go:build !race

package ai

import (
	"syscall"
	"unsafe"
)

// The trees and tables are mapped outside Go's heap, for three reasons: a
// page no search has touched costs no memory (a tree's arena is reserved
// whole, so that linking never moves it, but a small search uses a small part
// of it); memory given back goes back at once (Go's heap zeroes a reused
// block, touching all of it, and returns freed blocks to the system only
// slowly); and it can lie in 2 MB huge pages: a node or a probe lands anywhere
// in hundreds of megabytes, and over 4 KB pages each would miss the TLB and
// each first touch would cost a page fault of its own. The race detector sees
// only Go's heap, so a race build keeps them there (hugetable_other.go).

// mapped: the trees and tables lie outside Go's heap.
const mapped = true

// hugePage is the size of a transparent huge page on amd64 and arm64.
const hugePage = 2 << 20

// mapBig returns size bytes of zeroed memory on a 2 MB boundary (mem), backed
// by the system only where touched, in huge pages where it gives them, and
// the mapping that holds it (raw, for unmapBig); or, when the system refuses
// a mapping, a block of Go's heap (raw nil).
func mapBig(size int) (raw, mem []byte) {
	raw, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return nil, make([]byte, size)
	}
	off := (hugePage - int(uintptr(unsafe.Pointer(unsafe.SliceData(raw)))%hugePage)) % hugePage
	mem = raw[off : off+size : off+size]
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE) // a refusal only costs speed
	return raw, mem
}

// unmapBig gives back a mapping made by mapBig; nothing may use it after.
func unmapBig(raw []byte) {
	if raw != nil {
		_ = syscall.Munmap(raw)
	}
}
