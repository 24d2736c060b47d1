// Package render executes the embedded templates (text/template + sprig)
// over the plan and layout. It is the only place generated text comes from.
package render

import (
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig/v3"
	"github.com/lwipgen/lwipgen/internal/escape"
	"github.com/lwipgen/lwipgen/templates"
)

// File is one generated file, in memory.
type File struct {
	Path    string // relative to the output directory
	Content []byte
	Role    Role // what the file is for; the zero value is RoleConfig
}

// funcs are sprig's functions plus a few for C output.
func funcs() template.FuncMap {
	f := sprig.TxtFuncMap()
	f["hex"] = func(v any) string { return fmt.Sprintf("0x%08X", v) }
	// sprig's sub/add work on int64; addresses are uint64.
	f["sub"] = func(a, b uint64) uint64 { return a - b }
	f["cident"] = cIdent
	f["boardSource"] = BoardSource
	for k, fn := range escape.Funcs() {
		f[k] = fn
	}
	return f
}

// Execute renders the template at path (relative to templates/) with data.
func Execute(path string, data any) ([]byte, error) { return ExecuteFS(templates.FS, path, data) }

// ExecuteFS renders a template from another embedded set (linker/).
func ExecuteFS(fsys fs.FS, path string, data any) ([]byte, error) {
	src, err := fs.ReadFile(fsys, path)
	if err != nil {
		return nil, fmt.Errorf("template %s: %v", path, err)
	}
	t, err := template.New(path).Funcs(funcs()).Option("missingkey=error").Parse(string(src))
	if err != nil {
		return nil, fmt.Errorf("template %s: %v", path, err)
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return nil, fmt.Errorf("template %s: %v", path, err)
	}
	return buf.Bytes(), nil
}

// BoardSource is how generated text names the board file it came from: its
// base name, so the bytes do not depend on how the path was typed (./my.hcl,
// my.hcl, /home/me/my.hcl) and no home directory leaks into a project; a
// built-in board keeps its embedded:boards/ name.
func BoardSource(file string) string {
	if strings.HasPrefix(file, "embedded:") {
		return file
	}
	return filepath.Base(file)
}

func cIdent(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' && i > 0) {
			b[i] = '_'
		}
	}
	return string(b)
}
