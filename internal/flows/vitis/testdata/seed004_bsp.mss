# Seed 004 expressed as BSP settings (what a user would try in system.mss): the article's values for the
# parameters the lwip213 library has, plus its TCP_SND_QUEUELEN, which the library does not have.
BEGIN LIBRARY
 PARAMETER LIBRARY_NAME = lwip213
 PARAMETER LIBRARY_VER = 1.0
 PARAMETER PROC_INSTANCE = ps7_cortexa9_0
 PARAMETER tcp_mss = 1460
 PARAMETER tcp_snd_buf = 23360
 PARAMETER tcp_wnd = 11680
 PARAMETER memp_n_pbuf = 256
 PARAMETER pbuf_pool_size = 256
 PARAMETER memp_n_tcp_pcb = 32
 PARAMETER memp_n_tcp_pcb_listen = 8
 PARAMETER tcp_snd_queuelen = 64
END
