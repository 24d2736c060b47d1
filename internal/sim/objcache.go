package sim

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/spawn"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// compileCached compiles src into obj with cc and args (flags, include paths, defines), reusing an
// object compiled before from the same preprocessed text with the same flags. Configurations of one
// board differ in a handful of sizes, and most of lwIP's files (and the RTOS model's) preprocess to
// the same text under several of them: those are compiled once. gcc's object is a function of the
// preprocessed text and the flags (-g0: no line table, so the line markers, which name the temporary
// build directory, are left out of the key with -P; a __FILE__ or __LINE__ is in the text itself).
func compileCached(ctx context.Context, cc string, args []string, src, obj, cacheDir string) error {
	key, err := preprocessedKey(ctx, cc, args, src)
	if err != nil {
		// the compiler's own diagnostics are the better error: let the compile report it
		key = ""
	}
	var cached string
	if key != "" {
		cached = filepath.Join(cacheDir, "obj", key[:2], key+".o")
		if err := copyFile(cached, obj); err == nil {
			return nil
		}
	}
	cmd := append(append(append([]string{cc}, args...), "-c", src, "-o"), obj)
	if out, err := toolchain.Output(ctx, "", cmd); err != nil {
		return fmt.Errorf("%v\n%s", errors.Unwrap(err), firstLines(out, 20))
	}
	if cached != "" {
		// best effort: a cache that cannot be written only costs the next build a compile
		// (a unique temporary name: two files of one build can preprocess to the same text, e.g.
		// two that an option turns off entirely, and be stored at once)
		if err := os.MkdirAll(filepath.Dir(cached), 0o755); err == nil {
			if f, err := os.CreateTemp(filepath.Dir(cached), "obj-*.tmp"); err == nil {
				tmp := f.Name()
				f.Close()
				if copyFile(obj, tmp) == nil {
					os.Rename(tmp, cached)
				}
				os.Remove(tmp)
			}
		}
	}
	return nil
}

// preprocessedKey hashes what decides the object: the compiler and its version, the flags that
// remain after preprocessing (not the include paths and defines, whose effect is in the text) and
// the preprocessed text without line markers.
func preprocessedKey(ctx context.Context, cc string, args []string, src string) (string, error) {
	var out, stderr bytes.Buffer
	c, release := spawn.Tool(ctx, append(append([]string{cc}, args...), "-E", "-P", src)...)
	defer release()
	c.Stdout, c.Stderr = &out, &stderr
	if err := c.Run(); err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "obj1\x00%s\x00%s\x00", cc, ccVersion(ctx, cc))
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-I":
			i++ // and its directory
		case strings.HasPrefix(a, "-I"), strings.HasPrefix(a, "-D"), strings.HasPrefix(a, "-U"):
		default:
			fmt.Fprintf(h, "%s\x00", a)
		}
	}
	h.Write(out.Bytes())
	return hex.EncodeToString(h.Sum(nil)), nil
}

var (
	ccVersionMu sync.Mutex
	ccVersions  = map[string]string{}
)

// ccVersion is `cc -dumpfullversion` plus the compiler's resolved path and size (once per process).
func ccVersion(ctx context.Context, cc string) string {
	ccVersionMu.Lock()
	defer ccVersionMu.Unlock()
	if v, ok := ccVersions[cc]; ok {
		return v
	}
	v := ""
	if out, err := spawn.Output(ctx, cc, "-dumpfullversion", "-dumpmachine"); err == nil {
		v = string(out)
	}
	if p, err := exec.LookPath(cc); err == nil {
		if st, err := os.Stat(p); err == nil {
			v += fmt.Sprintf("%s %d %d", p, st.Size(), st.ModTime().UnixNano())
		}
	}
	ccVersions[cc] = v
	return v
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
