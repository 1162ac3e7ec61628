# arx_add_cryptopp_target(TARGET SOURCE WHAT): a C++17 executable linked with
# Crypto++ (Debian: libcrypto++-dev), for the differential test and the bench
# baseline. Adds nothing, with a message naming WHAT, when cross-compiling (the
# host's Crypto++ cannot link into a cross build), without a C++ compiler, or
# without Crypto++. Crypto++'s headers are included as SYSTEM so the project's
# warning flags do not apply to them. A macro, not a function: enable_language
# must run in the directory's own scope; its return() ends the calling
# CMakeLists.txt, which has nothing else to do then.
macro(arx_add_cryptopp_target target source what)
  if(CMAKE_CROSSCOMPILING)
    message(STATUS "${what}: cross-compiling, skipped")
    return()
  endif()
  if(ARX_SANITIZE MATCHES "memory")
    # MSan needs every linked library instrumented; Debian's Crypto++ is not.
    message(STATUS "${what}: MemorySanitizer build, skipped")
    return()
  endif()
  include(CheckLanguage)
  check_language(CXX)
  if(NOT CMAKE_CXX_COMPILER)
    message(STATUS "${what}: no C++ compiler, skipped")
    return()
  endif()
  enable_language(CXX)
  # The directory that holds cryptlib.h: /usr/include/crypto++ (Debian) or
  # .../cryptopp; sources include the headers by their bare names.
  find_path(CRYPTOPP_INCLUDE_DIR cryptlib.h PATH_SUFFIXES cryptopp crypto++)
  find_library(CRYPTOPP_LIBRARY NAMES cryptopp crypto++)
  if(NOT CRYPTOPP_INCLUDE_DIR OR NOT CRYPTOPP_LIBRARY)
    message(STATUS "${what}: Crypto++ not found, skipped (apt-get install libcrypto++-dev)")
    return()
  endif()
  add_executable(${target} ${source})
  target_compile_features(${target} PRIVATE cxx_std_17)
  set_target_properties(${target} PROPERTIES CXX_EXTENSIONS OFF)
  target_include_directories(${target} SYSTEM PRIVATE ${CRYPTOPP_INCLUDE_DIR})
  target_link_libraries(${target} PRIVATE ${CRYPTOPP_LIBRARY})
  set(ARX_CRYPTOPP_TARGET_ADDED ON)
endmacro()
