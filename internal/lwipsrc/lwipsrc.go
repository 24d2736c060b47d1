// Package lwipsrc finds the lwIP source tree a build uses. lwipgen never
// bundles lwIP: it takes the tree from the board/user setting or LWIP_DIR,
// from the user's project (CubeMX keeps it in Middlewares/Third_Party/LwIP),
// or from a per-user cache filled from Debian's `lwip` source package.
package lwipsrc

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Tree is a resolved lwIP source tree.
type Tree struct {
	Dir     string // the directory holding src/
	Version string // "2.1.3", read from src/include/lwip/init.h
	From    string // where it was found: "setting", "LWIP_DIR", "project", "cache"
}

// DefaultVersion is the lwIP release lwipgen fetches and tests against.
const DefaultVersion = "2.1.3"

// CacheDir is where fetched lwIP trees live ($XDG_CACHE_HOME/lwipgen or ~/.cache/lwipgen).
func CacheDir() string {
	if d := os.Getenv("LWIPGEN_CACHE"); d != "" {
		return d
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	return filepath.Join(base, "lwipgen")
}

// Resolve finds lwIP in order: setting, $LWIP_DIR, the tree the user's
// project compiles (projectTree: the project model's lwip.dir, "" when there
// is no project or it brings no lwIP), the cache. The error says exactly
// what to run when nothing is found.
func Resolve(setting, projectTree string) (*Tree, error) {
	try := func(dir, from string) (*Tree, error) {
		// resolved here, once: the compiler runs in the output directory, where
		// a relative --lwip ../lwip would name another folder
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		v, err := Version(dir)
		if err != nil {
			return nil, fmt.Errorf("%s lwIP directory %s: %v", from, dir, err)
		}
		return &Tree{Dir: dir, Version: v, From: from}, nil
	}
	if setting != "" {
		return try(setting, "setting")
	}
	if d := os.Getenv("LWIP_DIR"); d != "" {
		return try(d, "LWIP_DIR")
	}
	if projectTree != "" {
		return try(projectTree, "project")
	}
	d := filepath.Join(CacheDir(), "lwip-"+DefaultVersion)
	if _, err := os.Stat(filepath.Join(d, "src")); err == nil {
		return try(d, "cache")
	}
	return nil, fmt.Errorf("no lwIP source found: set LWIP_DIR to an lwIP tree, or run\n"+
		"    go run ./cmd/lwipgen fetch-lwip\n"+
		"which runs `apt-get source --download-only lwip` (Debian's lwIP 2.1.3; needs a deb-src entry, see README.md) into %s", CacheDir())
}

var versionRe = regexp.MustCompile(`^#define\s+LWIP_VERSION_(MAJOR|MINOR|REVISION)\s+(\d+)`)

// Version reads the release number from src/include/lwip/init.h.
func Version(dir string) (string, error) {
	initH := filepath.Join(dir, "src", "include", "lwip", "init.h")
	if _, err := os.Lstat(initH); err != nil {
		return "", fmt.Errorf("not an lwIP tree (no src/include/lwip/init.h): give the folder that holds lwIP's src/ (e.g. Middlewares/Third_Party/LwIP), or leave --lwip out to use the one `lwipgen fetch-lwip` caches")
	}
	// bounded and regular only: a FIFO in init.h's place is refused, not waited on
	b, err := fsutil.ReadFile(initH, fsutil.MaxInput)
	if err != nil {
		return "", err
	}
	parts := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if m := versionRe.FindStringSubmatch(strings.TrimSpace(sc.Text())); m != nil {
			parts[m[1]] = m[2]
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("reading init.h: %v", err)
	}
	if len(parts) != 3 {
		return "", fmt.Errorf("cannot read LWIP_VERSION_* from init.h")
	}
	return parts["MAJOR"] + "." + parts["MINOR"] + "." + parts["REVISION"], nil
}
