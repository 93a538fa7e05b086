//go:build !unix

package ladder

import "time"

// cpuTime is unknown here: the progress lines leave the CPU share out.
func cpuTime() time.Duration { return 0 }
