/* marker: the CMSIS-RTOS2 layer CubeMX copies into the project (fixture) */
