# Written for lwipgen's tests in the shape of lang-zou/...@8257a26 cmake/toolchain.cmake; the MCU flags are
# one string here (the original's list puts semicolons into the compile command, which the shell splits).
set(CMAKE_SYSTEM_NAME              Generic)
set(CMAKE_SYSTEM_PROCESSOR         arm)

set(CMAKE_C_COMPILER               arm-none-eabi-gcc)
set(CMAKE_ASM_COMPILER             arm-none-eabi-gcc)
set(CMAKE_EXECUTABLE_SUFFIX        .elf)
set(CMAKE_TRY_COMPILE_TARGET_TYPE  STATIC_LIBRARY)

set(MCU_FLAGS "-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
set(CMAKE_C_FLAGS_INIT             "${MCU_FLAGS} -std=c11 -Os -g3 -Wall -ffunction-sections -fdata-sections")
set(CMAKE_ASM_FLAGS_INIT           "${MCU_FLAGS} -x assembler-with-cpp")
set(CMAKE_EXE_LINKER_FLAGS_INIT    "${MCU_FLAGS} -specs=nosys.specs -Wl,--gc-sections")
