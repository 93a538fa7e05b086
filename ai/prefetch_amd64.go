package ai

import "unsafe"

// prefetch asks the processor to bring the cache line at p in, without
// waiting for it: a table probe is a cache miss, and the line can arrive
// while the node is evaluated.
//
//go:noescape
func prefetch(p unsafe.Pointer)
