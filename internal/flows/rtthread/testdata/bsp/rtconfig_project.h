#ifndef RTCONFIG_PROJECT_H__
#define RTCONFIG_PROJECT_H__

/* BSP-specific settings kept by the board maintainer */
#define RT_APP_LED_PIN 23

#endif
