package board

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// docs/boards.md documents every chip attribute (chip, core, memory,
// ethernet) with a unit and a default: the schema and the docs cannot drift.
func TestChipAttributesDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "boards.md"))
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(doc), "## `chip \"NAME\"`")
	if i < 0 {
		t.Fatal("docs/boards.md has no chip section")
	}
	chipDoc := string(doc[i:])
	row := regexp.MustCompile("(?m)^\\| ((?:`[a-z_]+`(?:, )?)+) \\| ([^|]+) \\| ([^|]+) \\| ([^|]+) \\|$")
	documented := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(chipDoc, -1) {
		if strings.TrimSpace(m[2]) == "" || strings.TrimSpace(m[3]) == "" || len(strings.TrimSpace(m[4])) < 10 {
			t.Errorf("row %q lacks a unit, default or meaning", m[0])
		}
		for _, a := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(m[1], -1) {
			documented[a[1]] = true
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeOf(chipBlock{}), reflect.TypeOf(coreBlock{}), reflect.TypeOf(memoryBlock{}), reflect.TypeOf(chipEthBlock{})} {
		for f := range typ.Fields() {
			tag := f.Tag.Get("hcl")
			name, kind, _ := strings.Cut(tag, ",")
			if name == "" || kind == "label" || kind == "block" {
				continue
			}
			if !documented[name] {
				t.Errorf("%s attribute %q is not in docs/boards.md's chip tables", typ.Name(), name)
			}
		}
	}
}
