//go:build unix

package online

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used, user and system: the cost of
// the moves on a machine shared with other work, where the wall clock is not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
