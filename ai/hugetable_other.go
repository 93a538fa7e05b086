//go:build !linux

package ai

// tableBuckets allocates n buckets; huge pages are asked for on Linux only.
func tableBuckets(n int) []abBucket { return make([]abBucket, n) }
