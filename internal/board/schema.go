package board

import "github.com/hashicorp/hcl/v2"

// The HCL schema. Attributes are decoded as expressions so that every value
// keeps its source range for diagnostics; gohcl reports unknown and missing
// attributes and blocks against their exact ranges.

var fileSchema = &hcl.BodySchema{
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "locals"},
		{Type: "chip", LabelNames: []string{"name"}},
		{Type: "board", LabelNames: []string{"name"}},
	},
}

type chipBlock struct {
	Name        string         `hcl:"name,label"`
	Base        hcl.Expression `hcl:"base,optional"` // inherit another chip and override parts of it
	Family      hcl.Expression `hcl:"family,optional"`
	Vendor      hcl.Expression `hcl:"vendor,optional"`
	Description hcl.Expression `hcl:"description,optional"`
	Flows       hcl.Expression `hcl:"flows,optional"`       // vendor flows (board `vendor` values) this chip supports
	CodeMemory  hcl.Expression `hcl:"code_memory,optional"` // where a standalone image keeps code and constants
	DataMemory  hcl.Expression `hcl:"data_memory,optional"` // where a standalone image keeps .data, .bss and the stack
	Core        *coreBlock     `hcl:"core,block"`
	Memories    []*memoryBlock `hcl:"memory,block"`
	// RemoveMemories drops memories inherited from base (a part without SRAM3, a
	// memory the application owns entirely).
	RemoveMemories hcl.Expression `hcl:"remove_memories,optional"`
	Ethernet       *chipEthBlock  `hcl:"ethernet,block"`
	DeclRange      hcl.Range      `hcl:",def_range"`
}

type coreBlock struct {
	CPU        hcl.Expression `hcl:"cpu,optional"`
	Arch       hcl.Expression `hcl:"arch,optional"`
	FPU        hcl.Expression `hcl:"fpu,optional"`
	FloatABI   hcl.Expression `hcl:"float_abi,optional"`
	Thumb      hcl.Expression `hcl:"thumb,optional"`
	DCache     hcl.Expression `hcl:"dcache,optional"`
	DCacheLine hcl.Expression `hcl:"dcache_line,optional"`
	MPURegions hcl.Expression `hcl:"mpu_regions,optional"`
	MMUSection hcl.Expression `hcl:"mmu_section,optional"`
	ClockHz    hcl.Expression `hcl:"clock_hz,optional"`
	MemAlign   hcl.Expression `hcl:"mem_alignment,optional"`
}

type memoryBlock struct {
	Name      string         `hcl:"name,label"`
	Kind      hcl.Expression `hcl:"kind,optional"`
	Base      hcl.Expression `hcl:"base,optional"`
	Size      hcl.Expression `hcl:"size,optional"`
	DMA       hcl.Expression `hcl:"dma,optional"`
	Cacheable hcl.Expression `hcl:"cacheable,optional"`
	Note      hcl.Expression `hcl:"note,optional"`
	Place     hcl.Expression `hcl:"lwipgen_place,optional"`
	// ClockRegister/ClockBit: the clock-enable bit the memory needs before use (STM32H7 D2 SRAMs).
	ClockRegister hcl.Expression `hcl:"clock_register,optional"`
	ClockBit      hcl.Expression `hcl:"clock_bit,optional"`
	DeclRange     hcl.Range      `hcl:",def_range"`
}

type chipEthBlock struct {
	MAC             hcl.Expression `hcl:"mac,optional"`
	DescriptorSize  hcl.Expression `hcl:"descriptor_size,optional"`
	DescriptorAlign hcl.Expression `hcl:"descriptor_align,optional"`
	MaxSpeedMbps    hcl.Expression `hcl:"max_speed_mbps,optional"`
	ChecksumOffload hcl.Expression `hcl:"checksum_offload,optional"`
	RxFIFOBytes     hcl.Expression `hcl:"rx_fifo_bytes,optional"`
	DefaultRxDesc   hcl.Expression `hcl:"default_rx_descriptors,optional"`
	DefaultTxDesc   hcl.Expression `hcl:"default_tx_descriptors,optional"`
	MaxRxBufferLen  hcl.Expression `hcl:"max_rx_buffer_len,optional"`
	Interfaces      hcl.Expression `hcl:"interfaces,optional"`
}

type boardBlock struct {
	Name        string          `hcl:"name,label"`
	Chip        hcl.Expression  `hcl:"chip"`
	Vendor      hcl.Expression  `hcl:"vendor"`
	RTOS        hcl.Expression  `hcl:"rtos"`
	RTOSVersion hcl.Expression  `hcl:"rtos_version,optional"`
	RTOSAPI     hcl.Expression  `hcl:"rtos_api,optional"`
	RTOSPrio    hcl.Expression  `hcl:"rtos_priorities,optional"` // configMAX_PRIORITIES the board is planned for
	LwIPVersion hcl.Expression  `hcl:"lwip_version,optional"`
	Description hcl.Expression  `hcl:"description,optional"`
	Seed        hcl.Expression  `hcl:"seed,optional"`
	LwIPDir     hcl.Expression  `hcl:"lwip_dir,optional"` // an lwIP source tree for this board (relative to the board file)
	Accept      hcl.Expression  `hcl:"accept,optional"`   // warning ids the board accepts knowingly (accept.go)
	Ethernet    *ethernetBlock  `hcl:"ethernet,block"`
	Workload    *workloadBlock  `hcl:"workload,block"`
	Memory      *memoryCfgBlock `hcl:"memory,block"`
	Options     *optionsBlock   `hcl:"options,block"`
	DeclRange   hcl.Range       `hcl:",def_range"`
}

type ethernetBlock struct {
	PHY             hcl.Expression `hcl:"phy"`
	Interface       hcl.Expression `hcl:"interface"`
	SpeedMbps       hcl.Expression `hcl:"speed_mbps"`
	RxDescriptors   hcl.Expression `hcl:"rx_descriptors,optional"`
	TxDescriptors   hcl.Expression `hcl:"tx_descriptors,optional"`
	RxBuffers       hcl.Expression `hcl:"rx_buffers,optional"`
	ChecksumOffload hcl.Expression `hcl:"checksum_offload,optional"`
	RxCoalesceUs    hcl.Expression `hcl:"rx_coalesce_us,optional"`
	MAC             hcl.Expression `hcl:"mac_address,optional"`
	DeclRange       hcl.Range      `hcl:",def_range"`
}

type workloadBlock struct {
	Profile        hcl.Expression `hcl:"profile"`
	TCPConnections hcl.Expression `hcl:"tcp_connections,optional"`
	TCPListeners   hcl.Expression `hcl:"tcp_listeners,optional"`
	UDPEndpoints   hcl.Expression `hcl:"udp_endpoints,optional"`
	TargetMbps     hcl.Expression `hcl:"target_mbps,optional"`
	RTTMs          hcl.Expression `hcl:"rtt_ms,optional"`
	AppTimers      hcl.Expression `hcl:"app_timers,optional"`
	RxStreams      hcl.Expression `hcl:"rx_streams,optional"`
	LossPercent    hcl.Expression `hcl:"loss_percent,optional"`
	DHCP           hcl.Expression `hcl:"dhcp,optional"`
	DNS            hcl.Expression `hcl:"dns,optional"`
	DeclRange      hcl.Range      `hcl:",def_range"`
}

type memoryCfgBlock struct {
	LwIPRegion hcl.Expression `hcl:"lwip_region,optional"`
	LwIPBudget hcl.Expression `hcl:"lwip_budget,optional"`
	DMARegion  hcl.Expression `hcl:"dma_region,optional"`
	MPUFirst   hcl.Expression `hcl:"mpu_first_region,optional"`
	Placement  hcl.Expression `hcl:"lwip_placement,optional"`
}

type optionsBlock struct {
	Body hcl.Body `hcl:",remain"`
}
