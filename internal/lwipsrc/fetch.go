package lwipsrc

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/spawn"
)

// Fetch fills the cache from Debian's lwip source package: it runs
// `apt-get source --download-only lwip` in a scratch directory and unpacks the
// upstream tarball (lwip_2.1.3+dfsg1.orig.tar.xz) with tar. It prints each
// command it runs to log. The result is <cache>/lwip-<version>.
func Fetch(log io.Writer) (*Tree, error) {
	dest := filepath.Join(CacheDir(), "lwip-"+DefaultVersion)
	if v, err := Version(dest); err == nil {
		fmt.Fprintf(log, "lwIP %s already in %s\n", v, dest)
		return &Tree{Dir: dest, Version: v, From: "cache"}, nil
	}
	if err := os.MkdirAll(CacheDir(), 0o755); err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp(CacheDir(), "fetch-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	run := func(dir string, name string, args ...string) error {
		fmt.Fprintf(log, "+ (cd %s && %s %s)\n", dir, name, strings.Join(args, " "))
		cmd, release := spawn.Tool(context.Background(), append([]string{name}, args...)...)
		defer release()
		cmd.Dir, cmd.Stdout, cmd.Stderr = dir, log, log
		return cmd.Run()
	}
	if err := run(work, "apt-get", "source", "--download-only", "lwip"); err != nil {
		return nil, fmt.Errorf("apt-get source lwip failed (%v). apt needs a deb-src entry for Debian bookworm main; "+
			"README.md (set-up) shows the one-line fix, e.g. as root: "+
			"sed -i 's/^Types: deb$/Types: deb deb-src/' /etc/apt/sources.list.d/debian.sources && apt-get update", err)
	}
	tars, _ := filepath.Glob(filepath.Join(work, "lwip_*.orig.tar.*"))
	if len(tars) != 1 {
		return nil, fmt.Errorf("expected one lwip_*.orig.tar.* from apt-get source, found %d", len(tars))
	}
	if err := run(work, "tar", "-xf", filepath.Base(tars[0])); err != nil {
		return nil, fmt.Errorf("unpacking %s: %v", tars[0], err)
	}
	dirs, _ := filepath.Glob(filepath.Join(work, "lwip-*"))
	var src string
	for _, d := range dirs {
		if _, err := Version(d); err == nil {
			src = d
		}
	}
	if src == "" {
		return nil, fmt.Errorf("the unpacked tarball holds no lwIP tree")
	}
	v, _ := Version(src)
	if v != DefaultVersion {
		return nil, fmt.Errorf("the Debian lwip source package is lwIP %s, lwipgen expects %s; set LWIP_DIR to a %s tree", v, DefaultVersion, DefaultVersion)
	}
	os.RemoveAll(dest)
	if err := os.Rename(src, dest); err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "lwIP %s unpacked into %s\n", v, dest)
	return &Tree{Dir: dest, Version: v, From: "cache"}, nil
}
