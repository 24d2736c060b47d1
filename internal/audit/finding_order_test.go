package audit

import "testing"

// The count of compile errors that follow from a refused configuration is
// printed after the root cause, not first for having no file (issue 31,
// item 9: "51 more compile errors follow" came before the reason).
func TestFollowupSortsAfterRootCause(t *testing.T) {
	fs := sortFindings([]Finding{
		{Severity: SevError, ID: idFollowup, Message: "51 more compile error(s) follow"},
		{File: "lwipopts.h", Line: 12, Severity: SevError, ID: "lwip.compile.error", Message: "lwIP does not compile"},
		{Severity: SevInfo, ID: "audit.lwip_source", Message: "judged by lwIP 2.1.3"},
	})
	if fs[len(fs)-1].ID != idFollowup || fs[0].ID != "audit.lwip_source" {
		t.Errorf("order: %s, %s, %s; want the follow-up count last", fs[0].ID, fs[1].ID, fs[2].ID)
	}
}
