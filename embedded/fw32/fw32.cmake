# The 32-bit microcontroller targets (included by CMakeLists.txt in an
# embedded/ cross build): the firmware embedded/run-qemu drives, and its
# tests on the emulator. ctest runs test_vectors and test_storage there
# already (CMAKE_CROSSCOMPILING_EMULATOR is embedded/run-qemu).
if(ARX_EMBEDDED_TARGET STREQUAL "rv32i")
  set(fw_dir ${CMAKE_SOURCE_DIR}/embedded/rv32i)
else()
  set(fw_dir ${CMAKE_SOURCE_DIR}/embedded/cortex-m)
endif()
add_executable(arx-fw ${CMAKE_SOURCE_DIR}/embedded/fw32/fw.c ${fw_dir}/target.c ${fw_dir}/calib.S)
target_include_directories(arx-fw PRIVATE ${CMAKE_SOURCE_DIR}/embedded/fw32)
target_link_libraries(arx-fw PRIVATE arxcrypt)
set_target_properties(arx-fw PROPERTIES SUFFIX "")

find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  set(run ${CMAKE_SOURCE_DIR}/embedded/run-qemu)
  set(env "ARX_FW=$<TARGET_FILE:arx-fw>")
  # The cycle counters against calib.S's hand-counted sequences.
  add_test(NAME embedded_calib COMMAND ${Python3_EXECUTABLE} ${run} ${ARX_EMBEDDED_TARGET} calib)
  # raw against the host CLI on random inputs, every cipher and mode (needs
  # ARX_HOST_CLI, a native arxcrypt; skipped without it).
  add_test(NAME embedded_raw COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/embedded/test32.py
                                     ${ARX_EMBEDDED_TARGET} raw)
  # Constant instruction counts and modelled cycles over random keys and data.
  add_test(NAME embedded_ct COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/embedded/test32.py
                                    ${ARX_EMBEDDED_TARGET} ct)
  set_tests_properties(embedded_calib embedded_raw embedded_ct PROPERTIES ENVIRONMENT "${env}" TIMEOUT 3600)
  set_tests_properties(embedded_raw PROPERTIES SKIP_RETURN_CODE 77)
endif()
