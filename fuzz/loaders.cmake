# The loader fuzz targets (helper "faults"): rules.yaml, chips.yaml, problem.yaml, signal JSON,
# ncu CSV, ledger and recording. Included from fuzz/CMakeLists.txt after solver_add_fuzzer.
# As for the rules library there, the code under test is compiled again with coverage and
# sanitizers: profiling and generators whole, and the engine's file formats (ledger, recording
# and what they encode with), not the CLI or the loop.

# solver_fuzz_copy(NAME FOLDER [LIKE TARGET] SOURCES... DEPS...): a static library of FOLDER's
# SOURCES built for fuzzing. LIKE names the library it copies: its compile definitions and its
# link libraries come along,
# each library that has a fuzz copy replaced by it, so a dependency added to the
# original (Boost.Program_options for split_unix, say) cannot leave the copy unlinked.
function(solver_fuzz_copy name folder)
  cmake_parse_arguments(C "" "LIKE" "SOURCES;DEPS" ${ARGN})
  if(C_LIKE)
    get_target_property(_libs ${C_LIKE} LINK_LIBRARIES)
    foreach(_l IN LISTS _libs)
      if(TARGET "${_l}_fuzz")
        list(APPEND C_DEPS "${_l}_fuzz")
      elseif(_l)
        list(APPEND C_DEPS "${_l}")
      endif()
    endforeach()
    list(REMOVE_DUPLICATES C_DEPS)
  endif()
  set(_abs "")
  foreach(_s IN LISTS C_SOURCES)
    if(IS_ABSOLUTE "${_s}")
      list(APPEND _abs "${_s}")
    else()
      list(APPEND _abs "${PROJECT_SOURCE_DIR}/${folder}/${_s}")
    endif()
  endforeach()
  add_library(${name} STATIC ${_abs})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PUBLIC ${C_DEPS})
  target_compile_options(${name} PRIVATE
    -fsanitize=fuzzer-no-link,${SOLVER_FUZZ_SANITIZERS} -fno-sanitize-recover=undefined -g -O1)
  # The original's compile definitions come along too; SOLVER_SOURCE_DIR is a property of the one
  # file that reads it there (kernel_library.cpp, for the shared ccache), so it is given here whole.
  target_compile_definitions(${name} PRIVATE SOLVER_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  if(C_LIKE)
    get_target_property(_defs ${C_LIKE} COMPILE_DEFINITIONS)
    if(_defs)
      target_compile_definitions(${name} PRIVATE ${_defs})
    endif()
  endif()
endfunction()

get_target_property(_prof_sources solver_profiling SOURCES)
solver_fuzz_copy(solver_profiling_fuzz profiling LIKE solver_profiling SOURCES ${_prof_sources})
get_target_property(_gen_sources solver_generators SOURCES)
solver_fuzz_copy(solver_generators_fuzz generators LIKE solver_generators SOURCES ${_gen_sources})
# The backend whole (LIKE: a file or dependency added to it reaches the copy), then the two
# files of the loop that the ledger format needs (match_record.cpp: the tie of a round's match).
get_target_property(_backend_sources solver_backend SOURCES)
solver_fuzz_copy(solver_backend_fuzz engine/backend LIKE solver_backend SOURCES ${_backend_sources})
solver_fuzz_copy(solver_engine_formats_fuzz engine/loop
                 SOURCES ledger.cpp match_record.cpp measurement.cpp
                 DEPS solver_backend_fuzz solver_generators_fuzz solver_profiling_fuzz
                      nlohmann_json::nlohmann_json)

solver_add_fuzzer(rules_yaml_fuzz SOURCES rules_yaml_fuzz.cpp)
solver_add_fuzzer(chips_yaml_fuzz SOURCES chips_yaml_fuzz.cpp)
solver_add_fuzzer(problem_yaml_fuzz SOURCES problem_yaml_fuzz.cpp LIBS solver_generators_fuzz)
solver_add_fuzzer(signal_json_fuzz SOURCES signal_json_fuzz.cpp LIBS solver_profiling_fuzz)
solver_add_fuzzer(ncu_csv_fuzz SOURCES ncu_csv_fuzz.cpp LIBS solver_profiling_fuzz)
solver_add_fuzzer(recording_fuzz SOURCES recording_fuzz.cpp LIBS solver_engine_formats_fuzz)
solver_add_fuzzer(ledger_fuzz SOURCES ledger_fuzz.cpp LIBS solver_engine_formats_fuzz)
