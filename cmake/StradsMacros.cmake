# StradsMacros.cmake - strads_add_executable(), installed with StradsConfig.cmake.
#
#   strads_add_executable(name [STATIC] [EXCLUDE_FROM_ALL] src...
#                         [STRADSC_ARGS arg...])
#
# Like add_executable(name src...) linked with Strads::strads (or
# Strads::strads_static with STATIC), except that each C source containing a
# `#pragma strads` line is first translated by stradsc into
# ${CMAKE_CURRENT_BINARY_DIR}/strads/<name>/<path of the source>, and the
# translation is compiled instead. Sources without the pragma are compiled
# untouched, so a project can mix both and a build without stradsc still
# works for them.
#
# stradsc parses the source with libclang, so it gets the same -I and -D as
# the compiler, before the input, as with cc: the target's include directories
# and definitions, those of linked targets included (so strads.h's directory
# comes from Strads::strads). STRADSC_ARGS adds more.
# The translated file is compiled with -iquote <directory of the original>,
# so #include "local.h" finds the same header as before.

function(strads_add_executable name)
  cmake_parse_arguments(PARSE_ARGV 1 _sa "STATIC;EXCLUDE_FROM_ALL" "" "STRADSC_ARGS")
  set(_srcs ${_sa_UNPARSED_ARGUMENTS})
  if(NOT _srcs)
    message(FATAL_ERROR "strads_add_executable(${name}): no source files given")
  endif()

  set(_built "")
  foreach(_src IN LISTS _srcs)
    get_filename_component(_abs "${_src}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    set(_pragma "")
    if(_abs MATCHES "\\.c$" AND EXISTS "${_abs}")
      file(STRINGS "${_abs}" _pragma REGEX "^[ \t]*#[ \t]*pragma[ \t]+strads([ \t]|$)"
           LIMIT_COUNT 1)
      # Adding the first pragma to a file must switch it to stradsc: the
      # scan above runs at configure time, so an edit re-runs it.
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_abs}")
    endif()
    if(NOT _pragma)
      list(APPEND _built "${_src}")
      continue()
    endif()
    if(NOT Strads_STRADSC)
      message(FATAL_ERROR
        "strads_add_executable(${name}): ${_src} contains '#pragma strads' but this "
        "installation of Strads has no stradsc (${PACKAGE_PREFIX_DIR}/bin/stradsc); "
        "install strads built with STRADS_BUILD_FRONTEND=ON")
    endif()
    file(RELATIVE_PATH _rel "${CMAKE_CURRENT_SOURCE_DIR}" "${_abs}")
    string(REPLACE "../" "__/" _rel "${_rel}") # keep sources from outside in our tree
    set(_out "${CMAKE_CURRENT_BINARY_DIR}/strads/${name}/${_rel}")
    get_filename_component(_dir "${_abs}" DIRECTORY)
    get_filename_component(_outdir "${_out}" DIRECTORY)
    set(_inc "$<TARGET_PROPERTY:${name},INCLUDE_DIRECTORIES>")
    set(_def "$<TARGET_PROPERTY:${name},COMPILE_DEFINITIONS>")
    add_custom_command(
      OUTPUT "${_out}"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${_outdir}"
      COMMAND "${Strads_STRADSC}"
              "$<$<BOOL:${_inc}>:-I$<JOIN:$<REMOVE_DUPLICATES:${_inc}>,;-I>>"
              "$<$<BOOL:${_def}>:-D$<JOIN:${_def},;-D>>"
              ${_sa_STRADSC_ARGS} "${_abs}" -o "${_out}"
      DEPENDS "${_abs}" "${Strads_STRADSC}"
      IMPLICIT_DEPENDS C "${_abs}"
      COMMENT "stradsc ${_rel}"
      COMMAND_EXPAND_LISTS VERBATIM)
    set_source_files_properties("${_out}" PROPERTIES GENERATED TRUE
                                COMPILE_OPTIONS "-iquote;${_dir}")
    list(APPEND _built "${_out}")
  endforeach()

  if(_sa_EXCLUDE_FROM_ALL)
    add_executable(${name} EXCLUDE_FROM_ALL ${_built})
  else()
    add_executable(${name} ${_built})
  endif()
  if(_sa_STATIC)
    target_link_libraries(${name} PRIVATE Strads::strads_static)
  else()
    target_link_libraries(${name} PRIVATE Strads::strads)
  endif()
endfunction()
