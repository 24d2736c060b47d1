package lwip

import "testing"

// TestResolveDefaults: derived defaults match lwip-options-and-ram.md §1/§4.
func TestResolveDefaults(t *testing.T) {
	type want map[string]int64
	cases := []struct {
		v    Version
		set  map[string]string
		want want
	}{
		{V213, map[string]string{}, want{"TCP_MSS": 536, "TCP_WND": 2144, "TCP_SND_BUF": 1072, "TCP_SND_QUEUELEN": 8,
			"TCP_SNDLOWAT": 1071, "TCP_SNDQUEUELOWAT": 5, "TCP_WND_UPDATE_THRESHOLD": 536, "PBUF_POOL_BUFSIZE": 590, // MEM_ALIGNMENT 1: A(536+54)

			"PBUF_LINK_HLEN": 14, "PBUF_IP_HLEN": 20, "LWIP_NUM_SYS_TIMEOUT_INTERNAL": 3, "MEMP_NUM_SYS_TIMEOUT": 3,
			"TCP_RCV_SCALE": 0, "LWIP_NETCONN": 1, "LWIP_SOCKET": 1, "MEM_STATS": 1, "LWIP_CALLBACK_API": 1, "TCP_OVERSIZE": 536,
			"TCP_KEEPIDLE_DEFAULT": 7200000, "TCP_SLOW_INTERVAL": 500, "MEM_SIZE": 1600, "MEM_ALIGNMENT": 1}},
		{V213, map[string]string{"TCP_MSS": "1460", "MEM_ALIGNMENT": "4"}, want{"PBUF_POOL_BUFSIZE": 1516, "TCP_SND_QUEUELEN": 8, "TCP_SNDLOWAT": 2919}},
		{V213, map[string]string{"MEM_ALIGNMENT": "4"}, want{"PBUF_POOL_BUFSIZE": 592}},
		{V213, map[string]string{"TCP_MSS": "1460", "ETH_PAD_SIZE": "2", "MEM_ALIGNMENT": "4"}, want{"PBUF_LINK_HLEN": 16, "PBUF_POOL_BUFSIZE": 1516}},
		{V213, map[string]string{"LWIP_DHCP": "1"}, want{"LWIP_NUM_SYS_TIMEOUT_INTERNAL": 5, "DHCP_DOES_ARP_CHECK": 1}},
		{V22x, map[string]string{"LWIP_DHCP": "1"}, want{"LWIP_NUM_SYS_TIMEOUT_INTERNAL": 6, "LWIP_ACD": 1, "LWIP_DHCP_DOES_ACD_CHECK": 1}},
		{V22x, map[string]string{"LWIP_DHCP": "1", "LWIP_DHCP_DOES_ACD_CHECK": "0"}, want{"LWIP_NUM_SYS_TIMEOUT_INTERNAL": 5, "LWIP_ACD": 0}},
		{V22x, map[string]string{"MEM_LIBC_MALLOC": "1"}, want{"MEM_CUSTOM_ALLOCATOR": 1, "MEM_STATS": 0}},
		{V213, map[string]string{"MEM_LIBC_MALLOC": "1"}, want{"MEM_STATS": 0}},
		{V213, map[string]string{"LWIP_STATS": "0", "TCP_STATS": "1"}, want{"TCP_STATS": 0, "MEM_STATS": 0}},
		{V213, map[string]string{"LWIP_IPV4": "0", "LWIP_IPV6": "1", "LWIP_DHCP": "1"}, want{"LWIP_DHCP": 0, "IP_REASSEMBLY": 0, "PBUF_IP_HLEN": 40}},
		{V213, map[string]string{"LWIP_EVENT_API": "1"}, want{"LWIP_CALLBACK_API": 0}},
		{V213, map[string]string{"TCP_MSS": "(u16_t)1460", "TCP_SND_BUF": "(4*TCP_MSS)"}, want{"TCP_SND_BUF": 5840, "TCP_SND_QUEUELEN": 16}},
		{V213, map[string]string{"TCP_SND_BUF": "MIN(4*TCP_MSS, 0xffff)"}, want{"TCP_SND_BUF": 2144}},
	}
	for i, c := range cases {
		cfg, err := Resolve(c.v, c.set)
		if err != nil {
			t.Fatal(err)
		}
		for n, w := range c.want {
			got, err := cfg.Value(n)
			if err != nil || got != w {
				t.Errorf("case %d (%s %v): %s = %d (%v), want %d", i, c.v, c.set, n, got, err, w)
			}
		}
	}
	// TCP_RCV_SCALE is only defined when LWIP_WND_SCALE is not user-set
	cfg, _ := Resolve(V213, map[string]string{"LWIP_WND_SCALE": "1"})
	if cfg.Defined("TCP_RCV_SCALE") {
		t.Error("TCP_RCV_SCALE must be undefined when lwipopts.h sets LWIP_WND_SCALE")
	}
	if !cfg.IsSet("LWIP_WND_SCALE") || cfg.IsSet("TCP_MSS") {
		t.Error("IsSet")
	}
}

func TestEvalSemantics(t *testing.T) {
	cfg, _ := Resolve(V213, map[string]string{"X": "1+2", "NEG": "-1", "MEM_ALIGNMENT": "4"})
	for expr, want := range map[string]int64{
		"X*3":                       7, // textual expansion, as cpp
		"NEG < 0":                   1,
		"NEG < 0U":                  0, // unsigned comparison
		"0xFFFFU << 2":              0x3FFFC,
		"(1 ? 2 : 1/0)":             2,
		"0 && 1/0":                  0,
		"defined X && !defined(Y)":  1,
		"LWIP_MEM_ALIGN_SIZE(1517)": 1520,
		"LWIP_MAX(3, 5) % 3":        2,
		"~0 == -1":                  1,
		"UNDEFINED_THING + 1":       1,
		"7200000UL / 1000":          7200,
		"010 + 0x10":                24,
	} {
		got, err := cfg.Eval(expr)
		if err != nil || got != want {
			t.Errorf("%s = %d (%v), want %d", expr, got, err, want)
		}
	}
	if _, err := cfg.Eval("1/0"); err == nil {
		t.Error("division by zero must be an error")
	}
	found := false
	for _, u := range cfg.Unknown() {
		found = found || u == "UNDEFINED_THING"
	}
	if !found {
		t.Error("unknown identifier not reported")
	}
}

func TestVersionsAndNames(t *testing.T) {
	for in, want := range map[string]Version{"2.1.3": V213, "2.1.2": V212, "2.1.0": V212, "v2.1.2_Cube": V212, "2.1": V213, "2.2": V22x, "2.2.0": V22x, "2.2.1": V22x, "v2.2.1": V22x, "STABLE-2_1_3_RELEASE": V213, "2.2.x": V22x} {
		if got, err := ParseVersion(in); err != nil || got != want {
			t.Errorf("ParseVersion(%q) = %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{"1.4.1", "2.0.3", "x", "3.0"} {
		if _, err := ParseVersion(bad); err == nil {
			t.Errorf("ParseVersion(%q): want error", bad)
		}
	}
	for _, n := range []string{"TCP_MSS", "TCP_TMR_INTERVAL", "TCP_KEEPIDLE_DEFAULT", "LWIP_RAM_HEAP_POINTER", "LWIP_SUPPORT_CUSTOM_PBUF", "LWIP_TIMEVAL_PRIVATE", "LWIP_DISABLE_TCP_SANITY_CHECKS", "TCP_RCV_SCALE", "ETH_PAD_SIZE"} {
		if !Known(V213, n) || !Known(V22x, n) {
			t.Errorf("Known(%s) = false", n)
		}
	}
	if Known(V213, "LWIP_TCP_RTO_TIME") || !Known(V22x, "LWIP_TCP_RTO_TIME") {
		t.Error("LWIP_TCP_RTO_TIME is 2.2-only")
	}
	if s := Suggest(V213, "TCP_SND_QUELEN"); s != "TCP_SND_QUEUELEN" {
		t.Errorf("Suggest = %q", s)
	}
	if s := Suggest(V22x, "DHCP_DOES_ARP_CHECK"); s != "LWIP_DHCP_DOES_ACD_CHECK" {
		t.Errorf("Suggest = %q", s)
	}
	for _, m := range []string{"TCP_RCV_BUF", "TCP_FASTRETRANSLATION", "TCP_RTO_MIN", "TCP_RTO_MAX", "TCP_QUICKACK", "LWIP_TCP_FAST_OPEN", "LWIP_NETIF_RX_ZEROCOPY", "lwip_init_with_pool", "LWIP_PBUF_CUSTOM", "PBUF_POOL_IS_EMPTY", "TCP_NODELAY", "IP_REASSEMBLY_TMR_INTERVAL", "DHCP_DOES_ARP_CHECK"} {
		if _, ok := Myth(m); !ok {
			t.Errorf("Myth(%s) missing", m)
		}
	}
	if _, ok := MythFor(V213, "DHCP_DOES_ARP_CHECK"); ok {
		t.Error("DHCP_DOES_ARP_CHECK is real on 2.1.3")
	}
}
