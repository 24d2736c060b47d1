/*
 * xemacps.h - the simulator's declarations of the Xilinx standalone BSP API the xemacps lwIP adapter
 * uses on a Zynq-7000 (XEmacPs driver, its BD ring API, the SCU GIC, Xil_Cache, Xil_Mmu, the A9
 * exception mask), for lwipgen's host simulator. lwipgen's own declarations, no Xilinx code: the names
 * and signatures are those of the public API documentation (embeddedsw XilinxProcessorIPLib/drivers/
 * emacps/src/xemacps.h, xemacps_bd.h, xemacps_bdring.h doxygen comments; UG585 "Zynq-7000 Technical
 * Reference Manual" chapter 16 Gigabit Ethernet Controller, tables 16-2/16-3 for the BD words and
 * appendix B for the register offsets and bits). Values are hardware facts from those documents; the
 * behaviour behind them is model_xemacps.c.
 */
#ifndef LWIPGEN_SIM_XEMACPS_H
#define LWIPGEN_SIM_XEMACPS_H

#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef int32_t s32;
typedef uintptr_t UINTPTR;
typedef long LONG;
typedef int XStatus;

#define XST_SUCCESS 0L
#define XST_FAILURE 1L
#define XST_INVALID_PARAM 15L
#define XST_DMA_SG_LIST_ERROR 526L
#define XST_DMA_SG_NO_LIST 523L
#define XIL_COMPONENT_IS_READY 0x11111111U

/* ---- the GEM's registers (UG585 appendix B.18, gem0 at 0xE000B000, gem1 at 0xE000C000) ------------- */
#define XPAR_XEMACPS_0_BASEADDR 0xE000B000U
#define XPAR_XEMACPS_0_DEVICE_ID 0U
#define XPAR_XEMACPS_0_INTR 54U /* IRQ of ps7_ethernet_0 (xtopology's scugic_emac_intr 0x36) */
#define XPAR_SCUTIMER_INTR 29U  /* the CPU private timer's PPI */

#define XEMACPS_NWCTRL_OFFSET 0x000U
#define XEMACPS_NWCFG_OFFSET 0x004U
#define XEMACPS_NWSR_OFFSET 0x008U
#define XEMACPS_DMACR_OFFSET 0x010U
#define XEMACPS_TXSR_OFFSET 0x014U
#define XEMACPS_RXQBASE_OFFSET 0x018U
#define XEMACPS_TXQBASE_OFFSET 0x01CU
#define XEMACPS_RXSR_OFFSET 0x020U
#define XEMACPS_ISR_OFFSET 0x024U
#define XEMACPS_IER_OFFSET 0x028U
#define XEMACPS_IDR_OFFSET 0x02CU
#define XEMACPS_IMR_OFFSET 0x030U
#define XEMACPS_PHYMNTNC_OFFSET 0x034U
#define XEMACPS_MODULE_ID_OFFSET 0x0FCU /* bits 27:16: the GEM version, 2 on Zynq-7000 */
#define XEMACPS_RXCNT_OFFSET 0x158U     /* frames received, cleared on read */
#define XEMACPS_RXRESERRCNT_OFFSET 0x1A0U
#define XEMACPS_RXORCNT_OFFSET 0x1A4U
#define XEMACPS_LAST_OFFSET 0x200U

#define XEMACPS_NWCTRL_FLUSH_DPRAM_MASK 0x00040000U
#define XEMACPS_NWCTRL_STARTTX_MASK 0x00000200U
#define XEMACPS_NWCTRL_STATCLR_MASK 0x00000020U
#define XEMACPS_NWCTRL_MDEN_MASK 0x00000010U
#define XEMACPS_NWCTRL_TXEN_MASK 0x00000008U
#define XEMACPS_NWCTRL_RXEN_MASK 0x00000004U

#define XEMACPS_NWCFG_MDCCLKDIV_MASK 0x001C0000U
#define XEMACPS_NWCFG_1000_MASK 0x00000400U
#define XEMACPS_NWCFG_FDEN_MASK 0x00000002U
#define XEMACPS_NWCFG_100_MASK 0x00000001U

#define XEMACPS_DMACR_RXBUF_MASK 0x00FF0000U /* RX buffer size in 64-byte units */
#define XEMACPS_DMACR_RXBUF_SHIFT 16U

#define XEMACPS_TXSR_HRESPNOK_MASK 0x00000100U
#define XEMACPS_TXSR_URUN_MASK 0x00000040U
#define XEMACPS_TXSR_TXCOMPL_MASK 0x00000020U
#define XEMACPS_TXSR_BUFEXH_MASK 0x00000010U
#define XEMACPS_TXSR_TXGO_MASK 0x00000008U
#define XEMACPS_TXSR_RXOVR_MASK 0x00000004U /* retry limit exceeded */
#define XEMACPS_TXSR_FRAMERX_MASK 0x00000002U /* collision */
#define XEMACPS_TXSR_USEDREAD_MASK 0x00000001U

#define XEMACPS_RXSR_HRESPNOK_MASK 0x00000008U
#define XEMACPS_RXSR_RXOVR_MASK 0x00000004U
#define XEMACPS_RXSR_FRAMERX_MASK 0x00000002U
#define XEMACPS_RXSR_BUFFNA_MASK 0x00000001U

/* ISR / IER / IDR / IMR share these bits; IMR bit 1 = masked */
#define XEMACPS_IXR_HRESPNOK_MASK 0x00000800U
#define XEMACPS_IXR_RXOVR_MASK 0x00000400U
#define XEMACPS_IXR_TXCOMPL_MASK 0x00000080U
#define XEMACPS_IXR_TXEXH_MASK 0x00000040U
#define XEMACPS_IXR_RETRY_MASK 0x00000020U
#define XEMACPS_IXR_URUN_MASK 0x00000010U
#define XEMACPS_IXR_TXUSED_MASK 0x00000008U
#define XEMACPS_IXR_RXUSED_MASK 0x00000004U
#define XEMACPS_IXR_FRAMERX_MASK 0x00000002U
#define XEMACPS_IXR_ALL_MASK 0x00007FFFU
#define XEMACPS_IXR_TX_ERR_MASK (XEMACPS_IXR_TXEXH_MASK | XEMACPS_IXR_RETRY_MASK | XEMACPS_IXR_URUN_MASK)
#define XEMACPS_IXR_RX_ERR_MASK (XEMACPS_IXR_HRESPNOK_MASK | XEMACPS_IXR_RXUSED_MASK | XEMACPS_IXR_RXOVR_MASK)

/* ---- buffer descriptors (UG585 tables 16-2 and 16-3): two 32-bit words on Zynq-7000 -------------- */
#define XEMACPS_BD_ADDR_OFFSET 0x0U
#define XEMACPS_BD_STAT_OFFSET 0x4U
#define XEMACPS_BD_NUM_WORDS 2U
#define XEMACPS_DMABD_MINIMUM_ALIGNMENT 4U
/* RX word 0: buffer address [31:2], wrap bit 1, "used"/new bit 0 (1: the GEM wrote a frame, the BD is software's) */
#define XEMACPS_RXBUF_ADD_MASK 0xFFFFFFFCU
#define XEMACPS_RXBUF_WRAP_MASK 0x00000002U
#define XEMACPS_RXBUF_NEW_MASK 0x00000001U
/* RX word 1 */
#define XEMACPS_RXBUF_BCAST_MASK 0x80000000U
#define XEMACPS_RXBUF_EOF_MASK 0x00008000U
#define XEMACPS_RXBUF_SOF_MASK 0x00004000U
#define XEMACPS_RXBUF_LEN_MASK 0x00001FFFU
/* TX word 1: used bit 31 (1: software's; the GEM sets it in the first BD of a frame it sent), wrap 30, last 15 */
#define XEMACPS_TXBUF_USED_MASK 0x80000000U
#define XEMACPS_TXBUF_WRAP_MASK 0x40000000U
#define XEMACPS_TXBUF_EXH_MASK 0x08000000U
#define XEMACPS_TXBUF_LAST_MASK 0x00008000U
#define XEMACPS_TXBUF_LEN_MASK 0x00003FFFU

#define XEMACPS_MTU 1500U
#define XEMACPS_HDR_SIZE 14U
#define XEMACPS_TRL_SIZE 4U
#define XEMACPS_MAX_FRAME_SIZE (XEMACPS_MTU + XEMACPS_HDR_SIZE + XEMACPS_TRL_SIZE) /* 1518 */
#define XEMACPS_RX_BUF_SIZE 1536U

#define XEMACPS_SEND 1U
#define XEMACPS_RECV 2U
#define XEMACPS_HANDLER_DMASEND 1U
#define XEMACPS_HANDLER_DMARECV 2U
#define XEMACPS_HANDLER_ERROR 3U

#define MDC_DIV_224 7U

typedef u32 XEmacPs_Bd[XEMACPS_BD_NUM_WORDS];

typedef struct {
    UINTPTR PhysBaseAddr, BaseBdAddr, HighBdAddr;
    u32 Length, RunState, Separation;
    /* the ring's segments (xemacps_bdring.h): free -> pre-work (Alloc) -> hardware (ToHw) ->
     * post-work (FromHw) -> free (Free); kept as indices here */
    u32 FreeHead, PreHead, HwHead, HwTail, PostHead;
    u32 FreeCnt, PreCnt, HwCnt, PostCnt, AllCnt;
    u32 Direction;
} XEmacPs_BdRing;

typedef struct {
    u16 DeviceId;
    UINTPTR BaseAddress;
    u8 IsCacheCoherent;
} XEmacPs_Config;

typedef void (*XEmacPs_Handler)(void *CallBackRef);
typedef void (*XEmacPs_ErrHandler)(void *CallBackRef, u8 Direction, u32 ErrorWord);

typedef struct {
    XEmacPs_Config Config;
    u32 IsReady, IsStarted, Options, Version;
    XEmacPs_BdRing TxBdRing, RxBdRing;
    XEmacPs_Handler SendHandler, RecvHandler;
    void *SendRef, *RecvRef;
    XEmacPs_ErrHandler ErrorHandler;
    void *ErrorRef;
} XEmacPs;

#define XEmacPs_GetTxRing(InstancePtr) ((InstancePtr)->TxBdRing)
#define XEmacPs_GetRxRing(InstancePtr) ((InstancePtr)->RxBdRing)

/* register access (Xil_In32/Xil_Out32 on the target): the model applies the side effects */
u32 XEmacPs_ReadReg(UINTPTR BaseAddress, u32 RegOffset);
void XEmacPs_WriteReg(UINTPTR BaseAddress, u32 RegOffset, u32 Data);

/* BD access (macros over the two words in xemacps_bd.h) */
#define XEmacPs_BdRead(BdPtr, Offset) (((volatile u32 *)(BdPtr))[(Offset) / 4U])
#define XEmacPs_BdWrite(BdPtr, Offset, Data) (((volatile u32 *)(BdPtr))[(Offset) / 4U] = (u32)(Data))
void XEmacPs_BdClear(XEmacPs_Bd *BdPtr);
void XEmacPs_BdSetStatus(XEmacPs_Bd *BdPtr, u32 Data);
void XEmacPs_BdSetAddressTx(XEmacPs_Bd *BdPtr, UINTPTR Addr);
void XEmacPs_BdSetAddressRx(XEmacPs_Bd *BdPtr, UINTPTR Addr);
void XEmacPs_BdSetLength(XEmacPs_Bd *BdPtr, u32 Len);
u32 XEmacPs_BdGetLength(XEmacPs_Bd *BdPtr);
void XEmacPs_BdSetLast(XEmacPs_Bd *BdPtr);
void XEmacPs_BdClearLast(XEmacPs_Bd *BdPtr);
void XEmacPs_BdClearTxUsed(XEmacPs_Bd *BdPtr);
#define XEMACPS_BD_TO_INDEX(RingPtr, BdPtr) ((u32)(((UINTPTR)(BdPtr) - (RingPtr)->BaseBdAddr) / (RingPtr)->Separation))

/* BD rings (xemacps_bdring.h) */
LONG XEmacPs_BdRingCreate(XEmacPs_BdRing *RingPtr, UINTPTR PhysAddr, UINTPTR VirtAddr, u32 Alignment, u32 BdCount);
LONG XEmacPs_BdRingClone(XEmacPs_BdRing *RingPtr, XEmacPs_Bd *SrcBdPtr, u8 Direction);
LONG XEmacPs_BdRingAlloc(XEmacPs_BdRing *RingPtr, u32 NumBd, XEmacPs_Bd **BdSetPtr);
LONG XEmacPs_BdRingUnAlloc(XEmacPs_BdRing *RingPtr, u32 NumBd, XEmacPs_Bd *BdSetPtr);
LONG XEmacPs_BdRingToHw(XEmacPs_BdRing *RingPtr, u32 NumBd, XEmacPs_Bd *BdSetPtr);
u32 XEmacPs_BdRingFromHwTx(XEmacPs_BdRing *RingPtr, u32 BdLimit, XEmacPs_Bd **BdSetPtr);
u32 XEmacPs_BdRingFromHwRx(XEmacPs_BdRing *RingPtr, u32 BdLimit, XEmacPs_Bd **BdSetPtr);
LONG XEmacPs_BdRingFree(XEmacPs_BdRing *RingPtr, u32 NumBd, XEmacPs_Bd *BdSetPtr);
XEmacPs_Bd *XEmacPs_BdRingNext(XEmacPs_BdRing *RingPtr, XEmacPs_Bd *BdPtr);
#define XEmacPs_BdRingGetFreeCnt(RingPtr) ((RingPtr)->FreeCnt)

/* the driver (xemacps.h) */
XEmacPs_Config *XEmacPs_LookupConfig(u16 DeviceId);
LONG XEmacPs_CfgInitialize(XEmacPs *InstancePtr, XEmacPs_Config *CfgPtr, UINTPTR EffectiveAddress);
LONG XEmacPs_SetMacAddress(XEmacPs *InstancePtr, void *AddressPtr, u8 Index);
void XEmacPs_SetMdioDivisor(XEmacPs *InstancePtr, u32 Divisor);
LONG XEmacPs_PhyRead(XEmacPs *InstancePtr, u32 PhyAddress, u32 RegisterNum, u16 *PhyDataPtr);
LONG XEmacPs_PhyWrite(XEmacPs *InstancePtr, u32 PhyAddress, u32 RegisterNum, u16 PhyData);
void XEmacPs_SetOperatingSpeed(XEmacPs *InstancePtr, u16 Speed);
LONG XEmacPs_SetHandler(XEmacPs *InstancePtr, u32 HandlerType, void *FuncPointer, void *CallBackRef);
void XEmacPs_SetQueuePtr(XEmacPs *InstancePtr, UINTPTR QPtr, u8 QueueNum, u16 Direction);
void XEmacPs_Start(XEmacPs *InstancePtr);
void XEmacPs_Stop(XEmacPs *InstancePtr);
void XEmacPs_IntrHandler(void *XEmacPsPtr);

/* ---- the rest of the standalone BSP the adapter and the example platform use ------------------------ */
typedef void (*Xil_ExceptionHandler)(void *data);
void XScuGic_RegisterHandler(UINTPTR BaseAddress, u32 InterruptId, Xil_ExceptionHandler Handler, void *CallBackRef);
void XScuGic_EnableIntr(UINTPTR DistBaseAddress, u32 Int_Id);
void XScuGic_DisableIntr(UINTPTR DistBaseAddress, u32 Int_Id);
#define XPAR_SCUGIC_0_CPU_BASEADDR 0xF8F00100U
#define XPAR_SCUGIC_0_DIST_BASEADDR 0xF8F01000U

/* xil_cache.h: by address range; the A9's L1 line is 32 bytes, partial lines at the edges are
 * cleaned and invalidated (the range functions take any address and length) */
void Xil_DCacheInvalidateRange(UINTPTR adr, u32 len);
void Xil_DCacheFlushRange(UINTPTR adr, u32 len);
/* xil_mmu.h: one 1 MB section's attributes */
#define NORM_NONCACHE 0x11DE2U
#define STRONG_ORDERED 0xC02U
#define DEVICE_MEMORY 0xC06U
#define NORM_WB_CACHE 0x15DE6U
void Xil_SetTlbAttributes(UINTPTR Addr, u32 attrib);
/* xil_exception.h: the CPSR I bit */
#define XIL_EXCEPTION_IRQ 0x80U
void Xil_ExceptionEnableMask(u32 Mask);
void Xil_ExceptionDisableMask(u32 Mask);
u32 sim_cpsr_irq_masked(void);             /* mfcpsr() & I bit, for the adapter's critical sections */
void sim_cpsr_irq_restore(u32 was_masked); /* mtcpsr() with the saved I bit */
#define dsb() do { } while (0)

/* the CPU private timer (xscutimer.h), driven by the simulator's 1 ms tick (model_xemacps.c) */
void sim_scutimer_start(u32 period_ms); /* XScuTimer_LoadTimer + EnableAutoReload + Start */
void sim_scutimer_tick(void);           /* the simulator's millisecond: counts down, raises PPI 29 */
uint64_t sim_scutimer_next_ns(void);    /* when it next expires */

#endif
