# libarxcrypt as a system library: the shared library, the two CLIs, the
# install rules (library, header, CLI, man page, pkg-config file, CMake
# package) and the tests that guard them (symbols, install).
#
# Included at the end of the top-level CMakeLists.txt, once every target
# exists: the shared library takes the static one's objects and private link
# dependencies as they are then, and the CLI's sources are final.
#
# Variables read: ARX_SHARED (option, here), ARX_FREESTANDING, ARX_WITH_OPENSSL
# (undefined counts as OFF), ARX_FUZZ, ARX_SANITIZE, OpenMP_C_LIB_NAMES, and
# the static library's LINK_LIBRARIES.
include(CMakePackageConfigHelpers)
include(CheckCCompilerFlag)

# The ABI serial number: the N of libarxcrypt.so.N. docs/ABI.md says when it
# changes (only when a release breaks the ABI; never reset).
set(ARX_SOVERSION 0)

# ---- the shared library: where it makes sense ------------------------------------
option(ARX_SHARED "Build libarxcrypt.so (from the static library's objects) and link the CLI to it" ON)
set(ARX_BUILD_SHARED OFF)
set(arx_no_shared "")
if(NOT ARX_SHARED)
  set(arx_no_shared "ARX_SHARED is OFF")
elseif(ARX_FREESTANDING)
  set(arx_no_shared "ARX_FREESTANDING builds a static, libc-free library")
elseif(CMAKE_EXE_LINKER_FLAGS MATCHES "(^| )-static( |$)")
  set(arx_no_shared "programs are linked -static (cmake/toolchain-*.cmake cross builds)")
elseif(ARX_FUZZ)
  set(arx_no_shared "ARX_FUZZ instruments the static library for libFuzzer")
elseif(ARX_SANITIZE MATCHES "memory|thread")
  set(arx_no_shared "MemorySanitizer and ThreadSanitizer tiers test the static library")
elseif(WIN32 OR NOT CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
  set(arx_no_shared "one object set for both libraries needs ELF visibility (GCC or Clang, not Windows)")
else()
  set(ARX_BUILD_SHARED ON)
endif()

get_target_property(arx_static_deps arxcrypt LINK_LIBRARIES)
if(NOT arx_static_deps)
  set(arx_static_deps "")
endif()

if(ARX_BUILD_SHARED)
  # Position-independent objects, shared by libarxcrypt.a and libarxcrypt.so.
  set_target_properties(arxcrypt PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # -fno-semantic-interposition: the compiler may inline and call directly the
  # library's own public functions (arx_wipe, arx_cipher_block_bytes ...)
  # instead of assuming an executable could replace them. GCC's default for
  # -fPIC is to assume it could; Clang already assumes not.
  check_c_compiler_flag(-fno-semantic-interposition ARX_HAVE_NO_SEMANTIC_INTERPOSITION)
  if(ARX_HAVE_NO_SEMANTIC_INTERPOSITION)
    target_compile_options(arxcrypt PRIVATE -fno-semantic-interposition)
  endif()

  add_library(arxcrypt_shared SHARED $<TARGET_OBJECTS:arxcrypt>)
  set_target_properties(arxcrypt_shared PROPERTIES
    OUTPUT_NAME arxcrypt
    EXPORT_NAME arxcrypt
    VERSION ${PROJECT_VERSION}
    SOVERSION ${ARX_SOVERSION}
    LINKER_LANGUAGE C)
  target_include_directories(arxcrypt_shared INTERFACE
    $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  # Whatever the static library links (OpenMP; OpenSSL's libcrypto under
  # ARX_WITH_OPENSSL), the shared one records as its own dependencies.
  if(arx_static_deps)
    target_link_libraries(arxcrypt_shared PRIVATE ${arx_static_deps})
  endif()
  # -Bsymbolic-functions: calls between the library's own exported functions
  # bind inside the library at link time, not through the PLT (the
  # cross-file half of what -fno-semantic-interposition does within a file).
  # -z defs: every symbol the library uses comes from a library it names
  # (not with sanitizers, whose runtime the executable brings).
  target_link_options(arxcrypt_shared PRIVATE LINKER:-Bsymbolic-functions)
  if(NOT ARX_SANITIZE)
    target_link_options(arxcrypt_shared PRIVATE LINKER:-z,defs)
  endif()
  message(STATUS "libarxcrypt.so.${PROJECT_VERSION} (soname libarxcrypt.so.${ARX_SOVERSION}) is built; the CLI links it")
else()
  message(STATUS "Shared library not built: ${arx_no_shared}")
endif()
set_target_properties(arxcrypt PROPERTIES EXPORT_NAME arxcrypt_static)

# ---- the CLI, linked each way --------------------------------------------------------
# build/arxcrypt (installed) links the shared library; build/arxcrypt-static
# is the same program linked with libarxcrypt.a, for bench/shared_vs_static.sh
# and a selftest of the static link. It is not installed: one arxcrypt on a
# system is enough, and a static copy would not pick up library updates.
# A CUDA build (cuda/) links the static library into the CLI through
# libarxcrypt_cuda, which reaches internal functions, so its CLI stays static.
if(TARGET arxcrypt-cli)
  if(ARX_BUILD_SHARED AND NOT TARGET arxcrypt_cuda)
    get_target_property(arx_cli_sources arxcrypt-cli SOURCES)
    get_target_property(arx_cli_libs arxcrypt-cli LINK_LIBRARIES)
    add_executable(arxcrypt-static-cli ${arx_cli_sources})
    set_target_properties(arxcrypt-static-cli PROPERTIES OUTPUT_NAME arxcrypt-static)
    foreach(prop COMPILE_DEFINITIONS COMPILE_OPTIONS INCLUDE_DIRECTORIES)
      get_target_property(v arxcrypt-cli ${prop})
      if(v)
        set_property(TARGET arxcrypt-static-cli PROPERTY ${prop} "${v}")
      endif()
    endforeach()
    target_link_libraries(arxcrypt-static-cli PRIVATE ${arx_cli_libs} arxcrypt)
    target_link_libraries(arxcrypt-cli PRIVATE arxcrypt_shared)
    add_test(NAME selftest_static COMMAND arxcrypt-static-cli selftest)
  else()
    target_link_libraries(arxcrypt-cli PRIVATE arxcrypt)
  endif()
  # Installed, it finds the library beside its own directory.
  file(RELATIVE_PATH arx_bin_to_lib ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_LIBDIR})
  set_target_properties(arxcrypt-cli PROPERTIES INSTALL_RPATH "$ORIGIN/${arx_bin_to_lib}")
endif()

# ---- pkg-config ----------------------------------------------------------------------
# The private dependencies of libarxcrypt.a: what `pkg-config --static` adds
# and what arxcryptConfig.cmake finds for arxcrypt::arxcrypt_static. Known:
# OpenMP, OpenSSL's libcrypto (ARX_WITH_OPENSSL), Threads. A dependency added
# to the library without being taught here is reported below.
set(arx_pc_requires_private "")
set(arx_pc_libs_private "")
set(ARX_CONFIG_OPENMP OFF)
set(ARX_CONFIG_OPENSSL OFF)
set(ARX_CONFIG_THREADS OFF)
foreach(dep IN LISTS arx_static_deps)
  if(dep STREQUAL "OpenMP::OpenMP_C")
    set(ARX_CONFIG_OPENMP ON)
  elseif(dep STREQUAL "OpenSSL::Crypto")
    set(ARX_CONFIG_OPENSSL ON)
  elseif(dep STREQUAL "Threads::Threads")
    set(ARX_CONFIG_THREADS ON)
  else()
    message(WARNING "libarxcrypt links '${dep}', which cmake/install.cmake does not pass on to "
                    "arxcrypt.pc and arxcryptConfig.cmake: static users would miss it")
  endif()
endforeach()
if(ARX_WITH_OPENSSL)
  set(ARX_CONFIG_OPENSSL ON)
endif()
if(ARX_CONFIG_OPENMP)
  foreach(name IN LISTS OpenMP_C_LIB_NAMES) # gomp;pthread (GCC), omp (Clang)
    get_filename_component(dir "${OpenMP_${name}_LIBRARY}" DIRECTORY)
    if(dir AND NOT dir IN_LIST CMAKE_C_IMPLICIT_LINK_DIRECTORIES)
      string(APPEND arx_pc_libs_private " -L${dir}")
    endif()
    string(APPEND arx_pc_libs_private " -l${name}")
  endforeach()
  if(NOT OpenMP_C_LIB_NAMES) # a compiler whose OpenMP is a flag only
    string(APPEND arx_pc_libs_private " ${OpenMP_C_FLAGS}")
  endif()
endif()
if(ARX_CONFIG_OPENSSL)
  set(arx_pc_requires_private "libcrypto")
endif()
if(ARX_CONFIG_THREADS AND CMAKE_THREAD_LIBS_INIT)
  string(APPEND arx_pc_libs_private " ${CMAKE_THREAD_LIBS_INIT}") # -pthread, or nothing on glibc >= 2.34
endif()
string(STRIP "${arx_pc_libs_private}" arx_pc_libs_private)
# Relocatable: prefix relative to the .pc file's own directory, so an install
# with `cmake --install --prefix P` (or DESTDIR) need not match configure time.
set(arx_pc_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(ARX_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(ARX_PC_LIBDIR "${CMAKE_INSTALL_FULL_LIBDIR}")
  set(ARX_PC_INCLUDEDIR "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
else()
  file(RELATIVE_PATH arx_pc_up /arx/${arx_pc_dir} /arx)
  string(REGEX REPLACE "/$" "" arx_pc_up "${arx_pc_up}")
  set(ARX_PC_PREFIX "\${pcfiledir}/${arx_pc_up}")
  set(ARX_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(ARX_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
if(ARX_BUILD_SHARED)
  set(ARX_PC_LIBS "-L\${libdir} -larxcrypt")
  set(ARX_PC_EXTRA "")
  if(arx_pc_requires_private)
    string(APPEND ARX_PC_EXTRA "Requires.private: ${arx_pc_requires_private}\n")
  endif()
  if(arx_pc_libs_private)
    string(APPEND ARX_PC_EXTRA "Libs.private: ${arx_pc_libs_private}\n")
  endif()
else() # only the archive is installed: every link needs its dependencies
  string(STRIP "-L\${libdir} -larxcrypt ${arx_pc_libs_private}" ARX_PC_LIBS)
  set(ARX_PC_EXTRA "")
  if(arx_pc_requires_private)
    string(APPEND ARX_PC_EXTRA "Requires: ${arx_pc_requires_private}\n")
  endif()
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/arxcrypt.pc.in ${CMAKE_BINARY_DIR}/arxcrypt.pc @ONLY)

# ---- install rules ---------------------------------------------------------------------
install(TARGETS arxcrypt EXPORT arxcryptStaticTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${CMAKE_SOURCE_DIR}/include/arxcrypt.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${CMAKE_BINARY_DIR}/arxcrypt.pc DESTINATION ${arx_pc_dir})
set(arx_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/arxcrypt)
install(EXPORT arxcryptStaticTargets NAMESPACE arxcrypt:: DESTINATION ${arx_cmake_dir}
        FILE arxcrypt-static-targets.cmake)
if(ARX_BUILD_SHARED)
  install(TARGETS arxcrypt_shared EXPORT arxcryptSharedTargets
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}) # .so.0.1.0, .so.0 and .so
  install(EXPORT arxcryptSharedTargets NAMESPACE arxcrypt:: DESTINATION ${arx_cmake_dir}
          FILE arxcrypt-shared-targets.cmake)
endif()
if(TARGET arxcrypt-cli)
  install(TARGETS arxcrypt-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${CMAKE_SOURCE_DIR}/docs/arxcrypt.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/arxcryptConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/arxcryptConfig.cmake INSTALL_DESTINATION ${arx_cmake_dir})
# Before 1.0 a minor release may break the API (docs/ABI.md): 0.1.x satisfies
# find_package(arxcrypt 0.1), not 0.2. From 1.0 on, the major version decides.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(arx_compat SameMinorVersion)
else()
  set(arx_compat SameMajorVersion)
endif()
write_basic_package_version_file(${CMAKE_BINARY_DIR}/arxcryptConfigVersion.cmake COMPATIBILITY ${arx_compat})
install(FILES ${CMAKE_BINARY_DIR}/arxcryptConfig.cmake ${CMAKE_BINARY_DIR}/arxcryptConfigVersion.cmake
        DESTINATION ${arx_cmake_dir})

# ---- tests -------------------------------------------------------------------------------
# symbols: libarxcrypt.so exports exactly the ARX_API functions of the header,
# and the installed CLI carries no copy of the library.
if(ARX_BUILD_SHARED)
  set(arx_symbols_args $<TARGET_FILE:arxcrypt_shared> ${CMAKE_SOURCE_DIR}/include/arxcrypt.h ${CMAKE_NM})
  if(TARGET arxcrypt-static-cli)
    list(APPEND arx_symbols_args $<TARGET_FILE:arxcrypt-cli> ${CMAKE_READELF})
  endif()
  add_test(NAME symbols COMMAND ${CMAKE_SOURCE_DIR}/tests/test_symbols.sh ${arx_symbols_args})
endif()
# install: a fresh prefix, then programs built against it alone (pkg-config
# and find_package). Not in cross builds (the host compiler could not link
# the target's library) nor with MemorySanitizer, ThreadSanitizer or libFuzzer
# instrumentation (consumers would need the same runtime and an instrumented
# libc++/OpenMP; those tiers test the library, not its packaging).
if(NOT CMAKE_CROSSCOMPILING AND NOT ARX_FUZZ AND NOT ARX_SANITIZE MATCHES "memory|thread")
  set(arx_consumer_flags "${CMAKE_C_FLAGS}")
  if(ARX_SANITIZE) # the installed library is instrumented; its users link the runtime
    string(APPEND arx_consumer_flags " -fsanitize=${ARX_SANITIZE}")
  endif()
  add_test(NAME install COMMAND ${CMAKE_SOURCE_DIR}/tests/test_install.sh
           ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR} ${CMAKE_COMMAND} ${CMAKE_C_COMPILER}
           "${arx_consumer_flags}" ${ARX_BUILD_SHARED} ${PROJECT_VERSION} ${ARX_SOVERSION}
           ${CMAKE_INSTALL_LIBDIR} "${CMAKE_GENERATOR}")
  set_tests_properties(install PROPERTIES SKIP_RETURN_CODE 77)
endif()
