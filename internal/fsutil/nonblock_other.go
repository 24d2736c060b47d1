//go:build !unix

package fsutil

const nonBlock = 0
