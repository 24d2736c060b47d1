package finding

import "testing"

// The count of compile errors that follow from a refused configuration is
// printed after the root cause, not first for having no file (issue 31,
// item 9: "51 more compile errors follow" came before the reason).
func TestFollowupSortsAfterRootCause(t *testing.T) {
	fs := Sort([]Finding{
		{Severity: SevError, ID: IDFollowup, Message: "51 more compile error(s) follow"},
		{File: "lwipopts.h", Line: 12, Severity: SevError, ID: "lwip.compile.error", Message: "lwIP does not compile"},
		{Severity: SevInfo, ID: "audit.lwip_source", Message: "judged by lwIP 2.1.3"},
	})
	if fs[len(fs)-1].ID != IDFollowup || fs[0].ID != "audit.lwip_source" {
		t.Errorf("order: %s, %s, %s; want the follow-up count last", fs[0].ID, fs[1].ID, fs[2].ID)
	}
}

// Findings order by file, line, id, message; Count counts one severity.
func TestSortAndCount(t *testing.T) {
	fs := Sort([]Finding{
		{File: "b.h", Line: 1, Severity: SevWarning, ID: "x"},
		{File: "a.h", Line: 9, Severity: SevError, ID: "z"},
		{File: "a.h", Line: 9, Severity: SevError, ID: "y", Message: "2"},
		{File: "a.h", Line: 2, Severity: SevInfo, ID: "w"},
	})
	var got []string
	for _, f := range fs {
		got = append(got, f.File+":"+f.ID)
	}
	if want := "a.h:w a.h:y a.h:z b.h:x"; join(got) != want {
		t.Errorf("order %q, want %q", join(got), want)
	}
	if Count(fs, SevError) != 2 || Count(fs, SevWarning) != 1 || Count(fs, SevInfo) != 1 {
		t.Errorf("counts %d/%d/%d", Count(fs, SevError), Count(fs, SevWarning), Count(fs, SevInfo))
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}
