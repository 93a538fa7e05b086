//go:build !unix

package online

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
