//go:build !amd64

package ai

import "unsafe"

// prefetch is a hint only; elsewhere than amd64 it does nothing.
func prefetch(p unsafe.Pointer) {}
