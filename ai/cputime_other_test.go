//go:build !unix

package ai

import "time"

// cpuTime is not measured here: the CPU-time figures are left out.
func cpuTime() time.Duration { return 0 }
