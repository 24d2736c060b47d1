/*
 * Minimal declarations of the FreeRTOS kernel API subset lwipgen's glue uses, written from the
 * FreeRTOS documentation; not FreeRTOS code. Only for lwipgen's compile tests.
 */
#ifndef LWIPGEN_TEST_TASK_H
#define LWIPGEN_TEST_TASK_H

#include "FreeRTOS.h"

typedef struct tskTaskControlBlock *TaskHandle_t;
typedef void (*TaskFunction_t)(void *);
BaseType_t xTaskCreate(TaskFunction_t pxTaskCode, const char *const pcName, const configSTACK_DEPTH_TYPE usStackDepth,
                       void *const pvParameters, UBaseType_t uxPriority, TaskHandle_t *const pxCreatedTask);
void vTaskDelay(const TickType_t xTicksToDelay);
BaseType_t xTaskNotifyGive(TaskHandle_t xTaskToNotify);
TaskHandle_t xTaskGetCurrentTaskHandle(void);
void vTaskNotifyGiveFromISR(TaskHandle_t xTaskToNotify, BaseType_t *pxHigherPriorityTaskWoken);
uint32_t ulTaskNotifyTake(BaseType_t xClearCountOnExit, TickType_t xTicksToWait);
void vPortYield(void);
#define taskYIELD() vPortYield()

#endif /* LWIPGEN_TEST_TASK_H */
