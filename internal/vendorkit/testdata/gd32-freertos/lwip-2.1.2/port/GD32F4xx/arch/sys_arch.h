/* sys_arch.h - written for lwipgen's tests in the shape of lwIP's FreeRTOS port header as the GD32F4xx demo
 * ships it (handles wrapped in structs); no GigaDevice, FreeRTOS or lwIP code. */
#ifndef SYS_ARCH_H
#define SYS_ARCH_H
#define SYS_MBOX_NULL NULL
#define SYS_SEM_NULL NULL
typedef struct _sys_mut { void *mut; } sys_mutex_t;
typedef struct _sys_sem { void *sem; } sys_sem_t;
typedef struct _sys_mbox { void *mbx; } sys_mbox_t;
typedef struct _sys_thread { void *thread_handle; } sys_thread_t;
#define sys_mutex_valid_val(mutex) ((mutex).mut != NULL)
#define sys_mutex_valid(mutex) (((mutex) != NULL) && sys_mutex_valid_val(*(mutex)))
#define sys_mutex_set_invalid(mutex) ((mutex)->mut = NULL)
#define sys_sem_valid_val(sema) ((sema).sem != NULL)
#define sys_sem_valid(sema) (((sema) != NULL) && sys_sem_valid_val(*(sema)))
#define sys_sem_set_invalid(sema) ((sema)->sem = NULL)
#define sys_mbox_valid_val(mbox) ((mbox).mbx != NULL)
#define sys_mbox_valid(mbox) (((mbox) != NULL) && sys_mbox_valid_val(*(mbox)))
#define sys_mbox_set_invalid(mbox) ((mbox)->mbx = NULL)
#endif
