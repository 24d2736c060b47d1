package testenv

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ProjectFixture copies a project fixture and, where the fixture keeps the
// folder of the lwIP its build compiles without lwIP's sources in it (a
// CubeMX project's Middlewares/Third_Party/LwIP holding only system/, a GD32
// demo's lwip-X.Y.Z holding only port/), puts the stock lwIP sources there
// as src/: the project then has what its build compiles, as the projects
// the fixtures are modelled on have, and lwipgen reads it the way that
// build does (make -n, cmake). lwIP is never kept in the repository.
func ProjectFixture(t testing.TB, fixture string) string {
	t.Helper()
	dir := CopyTree(t, fixture)
	cands, _ := filepath.Glob(filepath.Join(dir, "lwip-*"))
	cands = append(cands, filepath.Join(dir, "Middlewares", "Third_Party", "LwIP"))
	for _, d := range cands {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "src")); err == nil {
			continue
		}
		if err := os.CopyFS(filepath.Join(d, "src"), os.DirFS(filepath.Join(LwIP(t), "src"))); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// CubeMXProjectWithLwIP copies a CubeMX project fixture and puts a copy of the
// stock lwIP tree into Middlewares/Third_Party/LwIP/src, as CubeMX lays its
// lwIP out (the project then brings its own lwIP). It returns the project
// directory and that src directory.
func CubeMXProjectWithLwIP(t testing.TB, fixture string) (dir, src string) {
	t.Helper()
	lw := LwIP(t)
	dir = CopyTree(t, fixture)
	src = filepath.Join(dir, "Middlewares", "Third_Party", "LwIP", "src")
	if err := os.CopyFS(src, os.DirFS(filepath.Join(lw, "src"))); err != nil {
		t.Fatal(err)
	}
	return dir, src
}

// PatchPbufPTP adds two fields behind LWIP_PTP after struct pbuf's if_idx in
// the lwIP tree at src: the shape of cxnaive/H743VGTx_lwip@da66a1e's
// Middlewares/Third_Party/LwIP/src/include/lwip/pbuf.h (time_sec/time_nsec
// for gPTP timestamps; the project defines LWIP_PTP for its build), written
// here in our own words into a scratch copy; no lwIP code is kept.
func PatchPbufPTP(t testing.TB, src string) {
	t.Helper()
	pbufH := filepath.Join(src, "include", "lwip", "pbuf.h")
	b, err := os.ReadFile(pbufH)
	if err != nil {
		t.Fatal(err)
	}
	grown := regexp.MustCompile(`(?m)^  u8_t if_idx;\r?$`).ReplaceAllString(string(b), "  u8_t if_idx;\n#ifdef LWIP_PTP\n  s32_t time_sec;\n  s32_t time_nsec;\n#endif")
	if grown == string(b) {
		t.Fatal("lwIP's pbuf.h has no if_idx field")
	}
	os.Chmod(pbufH, 0o644)
	if err := os.WriteFile(pbufH, []byte(grown), 0o644); err != nil {
		t.Fatal(err)
	}
}

// AddMakefileDefine adds -DDEF to a CubeMX Makefile's C_DEFS, after the
// existing define after (e.g. -DSTM32F407xx).
func AddMakefileDefine(t testing.TB, dir, after, def string) {
	t.Helper()
	mk := filepath.Join(dir, "Makefile")
	b, err := os.ReadFile(mk)
	if err != nil {
		t.Fatal(err)
	}
	withDef := strings.Replace(string(b), after, after+" \\\n-D"+def, 1)
	if withDef == string(b) {
		t.Fatalf("the fixture's Makefile has no %s", after)
	}
	if err := os.WriteFile(mk, []byte(withDef), 0o644); err != nil {
		t.Fatal(err)
	}
}
